import { Button, ConfigProvider, Modal, Slider } from 'antd';
import { use, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  AVATAR_OUTPUT_SIZE,
  clampCrop,
  initialCrop,
  MAX_ZOOM,
  MIN_ZOOM,
  sourceRect,
  zoomTo,
  type CropState,
} from '../crop/crop-geometry';
import { AvatarImageProblem, readAvatarImage } from '../crop/read-avatar-image';
import styles from './avatar-cropper.module.css';

/** The square on screen, in CSS pixels (the canvas is drawn at the device's pixel ratio). */
const VIEWPORT = 280;
const KEY_STEP = 10;
const ZOOM_STEP = 0.1;

export interface AvatarCropperProps {
  file: File;
  onCancel: () => void;
  /** The cropped square, a 256 px JPEG, ready to upload. */
  onCropped: (file: File) => void;
}

type Loaded =
  | { status: 'loading' }
  | { status: 'ready'; image: ImageBitmap }
  | { status: 'problem'; message: string };

function drawCrop(canvas: HTMLCanvasElement, image: ImageBitmap, crop: CropState) {
  const ratio = window.devicePixelRatio || 1;
  const side = Math.round(VIEWPORT * ratio);
  if (canvas.width !== side) canvas.width = canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) return;
  const { sx, sy, size } = sourceRect(crop, image, VIEWPORT);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, side, side);
  context.drawImage(image, sx, sy, size, size, 0, 0, side, side);
}

/** The square at AVATAR_OUTPUT_SIZE as a JPEG (white behind transparent parts). */
function exportCrop(image: ImageBitmap, crop: CropState): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = AVATAR_OUTPUT_SIZE;
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('no 2d context'));
  const { sx, sy, size } = sourceRect(crop, image, VIEWPORT);
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, AVATAR_OUTPUT_SIZE, AVATAR_OUTPUT_SIZE);
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, sx, sy, size, size, 0, 0, AVATAR_OUTPUT_SIZE, AVATAR_OUTPUT_SIZE);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) =>
        blob
          ? resolve(new File([blob], 'avatar.jpg', { type: 'image/jpeg' }))
          : reject(new Error('toBlob gave nothing')),
      'image/jpeg',
      0.9,
    ),
  );
}

/**
 * 裁剪头像: the chosen photo in a square, moved by dragging (mouse or one finger) or the arrow
 * keys, zoomed by the slider, the wheel, two fingers or + / −. What is inside the square becomes a
 * 256 px JPEG, which is what is uploaded. Hostile files (not an image, huge dimensions) are
 * refused from their header before decoding.
 */
export function AvatarCropper({ file, onCancel, onCropped }: AvatarCropperProps) {
  const { getPrefixCls } = use(ConfigProvider.ConfigContext);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [crop, setCrop] = useState<CropState>({ zoom: 1, x: 0, y: 0 });
  const [exporting, setExporting] = useState(false);
  const canvas = useRef<HTMLCanvasElement>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);

  useEffect(() => {
    let alive = true;
    let bitmap: ImageBitmap | null = null;
    readAvatarImage(file).then(
      (image) => {
        bitmap = image;
        if (!alive) return image.close();
        setCrop(initialCrop(image, VIEWPORT));
        setLoaded({ status: 'ready', image });
      },
      (error: unknown) => {
        if (!alive) return;
        setLoaded({
          status: 'problem',
          message:
            error instanceof AvatarImageProblem ? error.message : '无法读取这张图片，请换一张',
        });
      },
    );
    return () => {
      alive = false;
      bitmap?.close();
    };
  }, [file]);

  const image = loaded.status === 'ready' ? loaded.image : null;

  useEffect(() => {
    if (image && canvas.current) drawCrop(canvas.current, image, crop);
  }, [image, crop]);

  const move = (dx: number, dy: number) => {
    if (!image) return;
    setCrop((state) => clampCrop({ ...state, x: state.x + dx, y: state.y + dy }, image, VIEWPORT));
  };
  const zoom = (next: (zoom: number) => number) => {
    if (!image) return;
    setCrop((state) => zoomTo(state, next(state.zoom), image, VIEWPORT));
  };

  // React's wheel listener is passive; the page must not scroll while the photo zooms.
  useEffect(() => {
    const element = canvas.current?.parentElement;
    if (!element || !image) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const factor = event.deltaY < 0 ? 1.1 : 1 / 1.1;
      setCrop((state) => zoomTo(state, state.zoom * factor, image, VIEWPORT));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [image]);

  const onKeyDown = (event: KeyboardEvent) => {
    const actions: Record<string, () => void> = {
      ArrowLeft: () => move(KEY_STEP, 0),
      ArrowRight: () => move(-KEY_STEP, 0),
      ArrowUp: () => move(0, KEY_STEP),
      ArrowDown: () => move(0, -KEY_STEP),
      '+': () => zoom((value) => value + ZOOM_STEP),
      '=': () => zoom((value) => value + ZOOM_STEP),
      '-': () => zoom((value) => value - ZOOM_STEP),
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const confirm = async () => {
    if (!image) return;
    setExporting(true);
    try {
      onCropped(await exportCrop(image, crop));
    } catch {
      setLoaded({ status: 'problem', message: '裁剪失败，请换一张图片再试' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Modal
      open
      title="裁剪头像"
      onCancel={onCancel}
      // A fade, not antd's default zoom (as the login dialog): the zoom moves and scales the crop
      // area for ~300 ms after it appears, so a drag started then missed it.
      transitionName={getPrefixCls('fade')}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          取消
        </Button>,
        <Button
          key="confirm"
          type="primary"
          disabled={!image}
          loading={exporting}
          onClick={() => void confirm()}
        >
          使用这张头像
        </Button>,
      ]}
    >
      <div className={styles.body}>
        {loaded.status === 'problem' ? (
          <p className={styles.error} role="alert">
            {loaded.message}
          </p>
        ) : (
          <>
            <div
              className={styles.viewport}
              role="group"
              aria-label="头像裁剪区域"
              aria-describedby="avatar-crop-hint"
              tabIndex={0}
              onKeyDown={onKeyDown}
              onPointerDown={(event) => {
                event.currentTarget.setPointerCapture(event.pointerId);
                pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
                if (pointers.current.size === 2)
                  pinch.current = { distance: distance(), zoom: crop.zoom };
              }}
              onPointerMove={(event) => {
                const last = pointers.current.get(event.pointerId);
                if (!last) return;
                pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
                if (pointers.current.size === 2 && pinch.current && pinch.current.distance > 0) {
                  const start = pinch.current;
                  zoom(() => (start.zoom * distance()) / start.distance);
                } else if (pointers.current.size === 1) {
                  move(event.clientX - last.x, event.clientY - last.y);
                }
              }}
              onPointerUp={(event) => {
                pointers.current.delete(event.pointerId);
                pinch.current = null;
              }}
              onPointerCancel={(event) => {
                pointers.current.delete(event.pointerId);
                pinch.current = null;
              }}
            >
              <canvas
                ref={canvas}
                className={styles.canvas}
                width={VIEWPORT}
                height={VIEWPORT}
                data-image-size={image ? `${image.width}x${image.height}` : undefined}
                data-zoom={crop.zoom.toFixed(2)}
                data-offset={`${Math.round(crop.x)},${Math.round(crop.y)}`}
              />
              <div className={styles.frame} />
            </div>
            <div className={styles.zoom}>
              <span aria-hidden>－</span>
              <Slider
                className={styles.zoomSlider}
                min={MIN_ZOOM}
                max={MAX_ZOOM}
                step={0.01}
                value={crop.zoom}
                disabled={!image}
                tooltip={{ open: false }}
                onChange={(value) => zoom(() => value)}
                ariaLabelForHandle="缩放"
              />
              <span aria-hidden>＋</span>
            </div>
            <p id="avatar-crop-hint" className={styles.hint} role="status">
              {image
                ? '拖动图片或用方向键移动，滚轮、双指、+ / − 键或滑块缩放；方框内即头像'
                : '正在读取图片…'}
            </p>
          </>
        )}
      </div>
    </Modal>
  );
}
