// The staging dialog's live view: the photo under a transparent WebGL canvas with the pieces, redrawn only when
// something changed, hit tests for pieces and floor, and the full-quality export through renderStaging.
import * as THREE from 'three';
import { floorPointAt, scaleCamera } from '../../../core/staging/room/camera';
import type { FloorPoint } from '../../../core/staging/room/types';
import { clearModelCache } from './models';
import { prewarmStaging, releaseExportRenderer, renderStaging } from './render';
import { pixelToNdc } from './sceneCamera';
import { configureRenderer, photoSize, PREVIEW_QUALITY, StagingScene } from './stagingScene';
import type { PlacedPiece, StagingInput } from './types';

const EXPORT_JPEG_QUALITY = 0.92;
/** The live view's outline of the active piece: a colour readable on light and dark floors. */
const MARKER_COLOUR = 0x2f80ed;

/** A unit square outline on the floor, scaled to the active piece's footprint. */
function selectionMarker(): THREE.LineLoop {
  const s = 0.5;
  const geometry = new THREE.BufferGeometry().setFromPoints([
    new THREE.Vector3(-s, 0, -s),
    new THREE.Vector3(s, 0, -s),
    new THREE.Vector3(s, 0, s),
    new THREE.Vector3(-s, 0, s),
  ]);
  const marker = new THREE.LineLoop(
    geometry,
    new THREE.LineBasicMaterial({ color: MARKER_COLOUR, toneMapped: false, depthTest: false }),
  );
  marker.renderOrder = 10;
  marker.visible = false;
  return marker;
}

function placeMarker(marker: THREE.LineLoop, piece: PlacedPiece | null): void {
  marker.visible = piece !== null;
  if (!piece) return;
  const grow = 0.08;
  marker.scale.set(piece.sizeM.w + grow, 1, piece.sizeM.d + grow);
  marker.position.set(piece.x, piece.elevationM + 0.005, piece.z);
  marker.rotation.y = THREE.MathUtils.degToRad(piece.rotationDeg);
}

export class StagingStage {
  private readonly renderer: THREE.WebGLRenderer;
  private readonly staging: StagingScene;
  private readonly raycaster = new THREE.Raycaster();
  private pieces: PlacedPiece[];
  private frame = 0;
  private photoUrl: string | null = null;
  private disposed = false;
  private loading: Promise<string[]>;
  private readonly marker = selectionMarker();

  /**
   * `canvas` is the dialog's canvas; its drawing-buffer size (canvas.width/height) is the preview size and should
   * keep the photo's aspect. The photo is shown as the canvas's CSS background, so the live view never has to
   * composite it.
   */
  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly input: StagingInput,
  ) {
    this.pieces = input.pieces;
    this.renderer = new THREE.WebGLRenderer({
      canvas,
      antialias: true,
      alpha: true,
      premultipliedAlpha: true,
    });
    configureRenderer(this.renderer);
    this.renderer.setPixelRatio(1);
    this.staging = new StagingScene(input.room, input.labels, input.photo, PREVIEW_QUALITY);
    this.staging.scene.add(this.marker);
    this.showPhoto();
    this.loading = this.setPieces(input.pieces);
    this.schedulePrewarm();
  }

  /**
   * Once the first layout's models are in and the preview has drawn, readies the export in idle time: a cold
   * export compiles its programs and uploads its textures for seconds under a software renderer.
   */
  private schedulePrewarm(): void {
    void this.loading.then(() => {
      const run = () => {
        if (!this.disposed) prewarmStaging({ ...this.input, pieces: this.pieces }).catch(() => undefined);
      };
      if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 3000 });
      else setTimeout(run, 500);
    });
  }

  /** Settles when the latest layout's models have loaded, with notes on models that differ from products. */
  ready(): Promise<string[]> {
    return this.loading;
  }

  private showPhoto(): void {
    const size = photoSize(this.input.photo);
    const copy = document.createElement('canvas');
    copy.width = size.width;
    copy.height = size.height;
    copy.getContext('2d')!.drawImage(this.input.photo, 0, 0);
    copy.toBlob((blob) => {
      if (!blob || this.disposed) return;
      this.photoUrl = URL.createObjectURL(blob);
      this.canvas.style.backgroundImage = `url("${this.photoUrl}")`;
      this.canvas.style.backgroundSize = '100% 100%';
    });
  }

  /**
   * Shows a new layout; models of new products load, moved pieces only move. `active` is the piece being
   * arranged: the live view outlines its footprint on the floor (never the export).
   */
  setPieces(pieces: PlacedPiece[], active: string | null = null): Promise<string[]> {
    this.pieces = pieces;
    placeMarker(this.marker, pieces.find((p) => p.key === active) ?? null);
    this.loading = this.staging.setPieces(pieces, this.input.models).then((notes) => {
      this.invalidate();
      return notes;
    });
    this.invalidate();
    return this.loading;
  }

  /** Schedules one redraw on the next animation frame (several changes in one frame draw once). */
  invalidate(): void {
    if (this.frame || this.disposed) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  private draw(): void {
    const { width, height } = this.canvas;
    this.renderer.setSize(width, height, false);
    this.staging.setOutputSize(width, height);
    this.staging.render(this.renderer);
  }

  /** A point in the canvas's CSS pixels (e.g. a pointer event's offsetX/offsetY) in the drawing buffer's NDC. */
  private ndc(u: number, v: number): THREE.Vector2 {
    const w = this.canvas.clientWidth || this.canvas.width;
    const h = this.canvas.clientHeight || this.canvas.height;
    return pixelToNdc(u, v, w, h);
  }

  /** The key of the piece under a canvas point (CSS pixels), or null. */
  pieceAt(u: number, v: number): string | null {
    this.staging.setOutputSize(this.canvas.width, this.canvas.height);
    this.raycaster.setFromCamera(this.ndc(u, v), this.staging.camera);
    const hit = this.raycaster.intersectObjects(this.staging.pieceObjects(), true)[0];
    return (hit?.object.userData.pieceKey as string | undefined) ?? null;
  }

  /** The floor point (metres) under a canvas point (CSS pixels), or null above the horizon. */
  floorAt(u: number, v: number): FloorPoint | null {
    const w = this.canvas.clientWidth || this.canvas.width;
    const h = this.canvas.clientHeight || this.canvas.height;
    return floorPointAt(scaleCamera(this.input.room.camera, w, h), u, v);
  }

  /** The final composite at the photo's full size (or the input's outputWidth), as a JPEG. */
  async exportImage(): Promise<Blob> {
    await this.loading;
    const { canvas } = await renderStaging({ ...this.input, pieces: this.pieces });
    return new Promise((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))),
        'image/jpeg',
        EXPORT_JPEG_QUALITY,
      ),
    );
  }

  /** Frees the GPU memory: scene, models, environment, renderer. The stage is unusable afterwards. */
  dispose(): void {
    this.disposed = true;
    if (this.frame) cancelAnimationFrame(this.frame);
    this.frame = 0;
    this.staging.dispose();
    this.marker.geometry.dispose();
    (this.marker.material as THREE.Material).dispose();
    this.renderer.dispose();
    void clearModelCache();
    releaseExportRenderer();
    if (this.photoUrl) URL.revokeObjectURL(this.photoUrl);
    this.canvas.style.backgroundImage = '';
  }
}
