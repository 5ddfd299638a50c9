// The notes under a furnishing list, worded here from its data: the affiliate disclaimer as the links really are
// (all, some or none tagged) and that the prices are the catalogue's estimates.
import { isAffiliateLink } from '../../../core/staging/links';
import { t } from '../../i18n/de';

export function shoppingListNote(links: readonly string[]): string {
  const tagged = links.filter(isAffiliateLink).length;
  const disclaimer =
    tagged === 0
      ? t('final.affiliateUntagged')
      : tagged === links.length
        ? t('final.affiliateTagged')
        : t('final.affiliatePartlyTagged');
  return `${disclaimer} ${t('final.priceEstimate')}`;
}
