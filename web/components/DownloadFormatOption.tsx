// The small 'Als PNG herunterladen' option beside the downloads: JPEG is the default because portals refuse
// large files; a user who needs lossless files ticks this, and the choice is remembered on this device.

import { useState } from 'react';
import { t } from '../i18n/de';
import { useActions } from '../services/context';

export function DownloadFormatOption() {
  const { downloadFormat, setDownloadFormat } = useActions();
  const [png, setPng] = useState(() => downloadFormat() === 'png');
  return (
    <label className="download-format">
      <input
        type="checkbox"
        checked={png}
        onChange={(event) => {
          setPng(event.target.checked);
          setDownloadFormat(event.target.checked ? 'png' : 'jpg');
        }}
      />
      {t('download.pngOption')}
    </label>
  );
}
