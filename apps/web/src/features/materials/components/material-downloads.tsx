import type { MaterialDetail } from '@ninety/contract';
import { Button } from 'antd';
import { useState } from 'react';
import { useCreateDownloadLink } from '../api/create-download-link';
import { formatBytes } from '../labels';
import styles from './materials.module.css';

/**
 * A buyer's downloads: each file fetched through a short signed link made on the click (so a link
 * never sits in the page long enough to be shared), saved under its Chinese title.
 */
export function MaterialDownloads({ material }: { material: MaterialDetail }) {
  const link = useCreateDownloadLink();
  const [busy, setBusy] = useState<string | null>(null);

  const download = (fileId: string) => {
    setBusy(fileId);
    link.mutate(
      { materialId: material.id, fileId },
      {
        onSuccess: (made) => {
          const anchor = document.createElement('a');
          anchor.href = made.url;
          anchor.download = made.fileName;
          anchor.rel = 'noopener';
          document.body.append(anchor);
          anchor.click();
          anchor.remove();
        },
        onSettled: () => setBusy(null),
      },
    );
  };

  return (
    <ul className={styles.files} aria-label="下载">
      {material.files.map((file) => (
        <li key={file.id} className={styles.file}>
          <span>
            {file.title}
            <span className={styles.fileMeta}>
              PDF · {file.pages} 页 · {formatBytes(file.bytes)}
            </span>
          </span>
          <Button
            type="primary"
            ghost
            loading={busy === file.id}
            onClick={() => download(file.id)}
            aria-label={`下载 ${file.title}`}
          >
            下载
          </Button>
        </li>
      ))}
    </ul>
  );
}
