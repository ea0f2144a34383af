import { itemTypes, type MaterialDetail, type MaterialKind } from '@ninety/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { HttpError } from '../../../lib/http';
import { useMaterial } from '../api/get-material';
import { formatBytes, KIND_ZH, materialDetailPath } from '../labels';
import { MaterialPrice } from './material-catalogue';
import { MaterialDownloads } from './material-downloads';
import styles from './materials.module.css';

export interface MaterialDetailsProps {
  id: string;
  /** The buying part for a learner who does not own it yet (the page composes it). */
  renderAction: (material: MaterialDetail) => ReactNode;
  /** Show the full contents (details pages) or only the summary (the purchase page). */
  variant?: 'full' | 'summary';
  /** The kind this page shows (SpecialTopic: topic, CourseDetails: pack); another goes to its own. */
  kind?: MaterialKind;
}

const notFound = (error: unknown) =>
  error instanceof HttpError && (error.kind === 'not-found' || error.status === 404) ? (
    <EmptyState description="资料不存在或已下架" />
  ) : null;

function Items({ material }: { material: MaterialDetail }) {
  if (material.items.length === 0) return null;
  return (
    <section className={styles.block} aria-labelledby="material-items">
      <h2 id="material-items">包含的题目（{material.items.length} 道）</h2>
      <p className={styles.meta}>
        {material.owned ? '点击题目直接练习。' : '购买后可在这里直接练习资料中的每一道题。'}
      </p>
      <ol className={styles.items}>
        {material.items.map((item) => (
          <li key={item.id}>
            {material.owned ? (
              <Link to={`/exp/${item.type}/${item.id}`}>{item.title}</Link>
            ) : (
              item.title
            )}{' '}
            <span className={styles.meta}>{item.type}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A material's details: cover, price, what you get, contents, sample, items; downloads once owned. */
export function MaterialDetails({
  id,
  renderAction,
  variant = 'full',
  kind,
}: MaterialDetailsProps) {
  const query = useMaterial(id);
  return (
    <QueryState query={query} subject="资料详情" renderError={notFound} skeletonRows={10}>
      {(material) =>
        kind && material.kind !== kind ? (
          <Navigate to={materialDetailPath(material)} replace />
        ) : (
          <>
            <div className={styles.detail}>
              <img
                className={styles.detailCover}
                src={material.coverUrl}
                alt={`${material.title} 封面`}
              />
              <div>
                <Tag color="blue">{KIND_ZH[material.kind]}</Tag>
                {material.tags.map((tag) => (
                  <Tag key={tag}>{tag}</Tag>
                ))}
                <h2 className={styles.detailTitle}>{material.title}</h2>
                <p className={styles.subtitle}>{material.subtitle}</p>
                <div className={styles.detailPrice}>
                  <MaterialPrice material={material} />
                  <span className={styles.meta}>
                    {material.fileCount} 份 PDF · 共 {material.pageCount} 页 · 含{' '}
                    {material.itemCount} 道题
                  </span>
                </div>
                <div className={styles.actions}>
                  {material.owned ? (
                    <Tag color="success">
                      已购买
                      {material.ownedAt &&
                        ` · ${new Date(material.ownedAt).toLocaleDateString('zh-CN')}`}
                    </Tag>
                  ) : (
                    renderAction(material)
                  )}
                  <a href={material.sampleUrl} target="_blank" rel="noopener">
                    免费看样张（前 {material.samplePages} 页）
                  </a>
                </div>
                {variant === 'full' && <p>{material.description}</p>}
              </div>
            </div>

            {material.owned && (
              <section className={styles.block} aria-labelledby="material-downloads">
                <h2 id="material-downloads">下载</h2>
                <p className={styles.meta}>
                  文件每页带有你的用户编号，仅供本人学习使用，请勿传播。下载链接几分钟内有效。
                </p>
                <MaterialDownloads material={material} />
              </section>
            )}

            <section className={styles.block} aria-labelledby="material-highlights">
              <h2 id="material-highlights">你将获得</h2>
              <ul className={styles.highlights}>
                {material.highlights.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </section>

            {variant === 'full' && (
              <>
                <section className={styles.block} aria-labelledby="material-contents">
                  <h2 id="material-contents">目录</h2>
                  <ol className={styles.highlights}>
                    {material.files.map((file) => (
                      <li key={file.id}>
                        {file.title}
                        <span className={styles.fileMeta}>
                          {file.types.map((type) => itemTypes[type].nameZh).join('、')} ·{' '}
                          {file.pages} 页 · {formatBytes(file.bytes)}
                        </span>
                      </li>
                    ))}
                  </ol>
                </section>
                <Items material={material} />
              </>
            )}
          </>
        )
      }
    </QueryState>
  );
}
