import type { MaterialKind, MaterialSummary } from '@ninety/contract';
import { Tag } from 'antd';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { useMaterials } from '../api/get-materials';
import { formatYuan, KIND_ZH, materialDetailPath } from '../labels';
import styles from './materials.module.css';

export function MaterialPrice({ material }: { material: MaterialSummary }) {
  return (
    <>
      <span className={styles.price}>{formatYuan(material.priceFen)}</span>
      {material.listPriceFen !== null && (
        <span className={styles.listPrice}>
          <span className="visually-hidden">原价</span>
          {formatYuan(material.listPriceFen)}
        </span>
      )}
    </>
  );
}

function MaterialCard({ material }: { material: MaterialSummary }) {
  return (
    <li>
      <Link to={materialDetailPath(material)} className={styles.card}>
        <img className={styles.cover} src={material.coverUrl} alt="" loading="lazy" />
        <div className={styles.cardBody}>
          <h3 className={styles.cardTitle}>{material.title}</h3>
          <p className={styles.subtitle}>{material.subtitle}</p>
          <span className={styles.meta}>
            {material.fileCount} 份 PDF · 共 {material.pageCount} 页 · 含 {material.itemCount} 道题
          </span>
          <div className={styles.priceRow}>
            <MaterialPrice material={material} />
            {material.owned && <Tag color="success">已购买</Tag>}
          </div>
        </div>
      </Link>
    </li>
  );
}

const SECTIONS: { kind: MaterialKind; description: string }[] = [
  { kind: 'topic', description: '一个题型或一类难点，集中突破' },
  { kind: 'pack', description: '一个部分的全部题型，系统复习' },
];

/** The catalogue (material/index): topics, then packs, each a card leading to its details. */
export function MaterialCatalogue({ only }: { only?: MaterialKind } = {}) {
  const query = useMaterials();
  return (
    <QueryState
      query={query}
      subject="资料"
      isEmpty={(data) => data.list.length === 0}
      empty={<EmptyState description="暂时没有在售的资料" />}
    >
      {({ list }) =>
        SECTIONS.filter((section) => !only || section.kind === only).map((section) => {
          const materials = list.filter((material) => material.kind === section.kind);
          if (materials.length === 0) return null;
          return (
            <section
              key={section.kind}
              className={styles.section}
              aria-labelledby={`materials-${section.kind}`}
            >
              <h2 id={`materials-${section.kind}`} className={styles.sectionTitle}>
                {KIND_ZH[section.kind]}
                <span className={styles.meta}> · {section.description}</span>
              </h2>
              <ul className={styles.grid}>
                {materials.map((material) => (
                  <MaterialCard key={material.id} material={material} />
                ))}
              </ul>
            </section>
          );
        })
      }
    </QueryState>
  );
}
