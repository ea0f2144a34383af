import type { ImageRef } from '@ninety/contract';
import styles from './speaking.module.css';

export function PromptImage({ image }: { image: ImageRef }) {
  return (
    <img
      className={styles.image}
      src={image.src}
      width={image.width}
      height={image.height}
      alt={image.alt}
    />
  );
}
