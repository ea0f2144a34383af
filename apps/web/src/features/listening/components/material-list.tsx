import {
  LISTENING_ITEM_TYPES,
  ListeningLengthSchema,
  ListeningStatusSchema,
  topicNames,
  type ListeningMaterialSummary,
  type Topic,
} from '@ninety/contract';
import { Input, Pagination, Select, Tag } from 'antd';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state';
import { QueryState } from '../../../components/query-state';
import { MATERIALS_PER_PAGE, useMaterials, type MaterialFilters } from '../api/get-materials';
import { formatDuration, LENGTH_ZH, sourceLabel, STATUS_ZH } from '../labels';
import { materialPath } from '../list-url';
import styles from './listening.module.css';

const ANY = '';

const SOURCE_OPTIONS = [
  { value: ANY, label: '全部来源' },
  { value: 'passage', label: sourceLabel('passage') },
  ...LISTENING_ITEM_TYPES.map((code) => ({ value: code, label: sourceLabel(code) })),
];
const TOPIC_OPTIONS = [
  { value: ANY, label: '全部话题' },
  ...(Object.entries(topicNames) as [Topic, string][]).map(([value, label]) => ({ value, label })),
];
const LENGTH_OPTIONS = [
  { value: ANY, label: '全部时长' },
  ...ListeningLengthSchema.options.map((value) => ({ value, label: LENGTH_ZH[value] })),
];
const DIFFICULTY_OPTIONS = [
  { value: ANY, label: '全部难度' },
  ...[1, 2, 3, 4, 5].map((value) => ({ value: String(value), label: `难度 ${value}` })),
];
const PROGRESS_OPTIONS = [
  { value: ANY, label: '全部进度' },
  ...ListeningStatusSchema.options.map((value) => ({ value, label: STATUS_ZH[value] })),
];

type FilterKey = 'source' | 'topic' | 'length' | 'difficulty' | 'progress';

export interface MaterialListProps {
  filters: MaterialFilters;
  signedIn: boolean;
  /** A change of filters (the page resets to 1 unless it is the page that changed). */
  onChange: (filters: MaterialFilters) => void;
}

function Filter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <label className={styles.filter}>
      <span className={styles.filterLabel}>{label}</span>
      <Select
        aria-label={label}
        value={value}
        options={options}
        popupMatchSelectWidth={false}
        className={styles.select}
        onChange={onChange}
      />
    </label>
  );
}

function ProgressTag({ material }: { material: ListeningMaterialSummary }) {
  const progress = material.progress;
  if (!progress) return null;
  const color =
    progress.status === 'done' ? 'green' : progress.status === 'in_progress' ? 'blue' : 'default';
  return (
    <Tag color={color}>
      {STATUS_ZH[progress.status]}
      {progress.status === 'in_progress' &&
        ` ${progress.doneSentences}/${material.sentenceCount} 句`}
    </Tag>
  );
}

function MaterialRow({ material }: { material: ListeningMaterialSummary }) {
  return (
    <li className={styles.row}>
      <Link to={materialPath(material.id)} className={styles.rowTitle}>
        {material.title}
      </Link>
      <div className={styles.rowMeta}>
        <span>{sourceLabel(material.source)}</span>
        <span>时长 {formatDuration(material.durationSeconds)}</span>
        <span>{material.sentenceCount} 句</span>
        <span>难度 {material.difficulty}</span>
        {material.speakerCount > 1 && <span>{material.speakerCount} 人对话</span>}
        {material.topics.map((topic) => (
          <span key={topic} className={styles.topic}>
            {topicNames[topic]}
          </span>
        ))}
        <ProgressTag material={material} />
      </div>
    </li>
  );
}

/** The materials with their filters (source, topic, length, difficulty, progress) and search. */
export function MaterialList({ filters, signedIn, onChange }: MaterialListProps) {
  const list = useMaterials(filters);
  const change = (next: Partial<MaterialFilters>) => {
    const merged: MaterialFilters = { ...filters, page: 1, ...next };
    for (const key of Object.keys(merged) as (keyof MaterialFilters)[]) {
      if (merged[key] === undefined || merged[key] === '') delete merged[key];
    }
    onChange(merged);
  };
  const select = (key: FilterKey) => (value: string) =>
    change({ [key]: key === 'difficulty' && value ? Number(value) : value || undefined });

  return (
    <>
      <div className={styles.toolbar}>
        <Input.Search
          key={filters.keyword ?? ''}
          defaultValue={filters.keyword}
          placeholder="搜索标题或原文"
          aria-label="搜索精听材料"
          allowClear
          enterButton="搜索"
          maxLength={100}
          className={styles.search}
          onSearch={(keyword) => change({ keyword: keyword.trim() || undefined })}
        />
        {list.data && (
          <span className={styles.total} aria-live="polite">
            共 {list.data.total} 篇
          </span>
        )}
      </div>
      <div className={styles.filters} role="group" aria-label="筛选精听材料">
        <Filter
          label="来源"
          value={filters.source ?? ANY}
          options={SOURCE_OPTIONS}
          onChange={select('source')}
        />
        <Filter
          label="话题"
          value={filters.topic ?? ANY}
          options={TOPIC_OPTIONS}
          onChange={select('topic')}
        />
        <Filter
          label="时长"
          value={filters.length ?? ANY}
          options={LENGTH_OPTIONS}
          onChange={select('length')}
        />
        <Filter
          label="难度"
          value={filters.difficulty === undefined ? ANY : String(filters.difficulty)}
          options={DIFFICULTY_OPTIONS}
          onChange={select('difficulty')}
        />
        {signedIn && (
          <Filter
            label="进度"
            value={filters.progress ?? ANY}
            options={PROGRESS_OPTIONS}
            onChange={select('progress')}
          />
        )}
      </div>
      <QueryState
        query={list}
        subject="精听材料"
        skeletonRows={8}
        isEmpty={(data) => data.list.length === 0}
        empty={
          <EmptyState
            description={
              filters.keyword
                ? `没有找到与“${filters.keyword}”相关的材料`
                : '没有符合筛选条件的材料'
            }
          />
        }
      >
        {(data) => (
          <>
            <ul className={styles.rows} aria-label="精听材料">
              {data.list.map((material) => (
                <MaterialRow key={material.id} material={material} />
              ))}
            </ul>
            <Pagination
              className={styles.pagination}
              current={filters.page}
              pageSize={MATERIALS_PER_PAGE}
              total={data.total}
              showSizeChanger={false}
              hideOnSinglePage
              onChange={(page) => onChange({ ...filters, page })}
            />
          </>
        )}
      </QueryState>
    </>
  );
}
