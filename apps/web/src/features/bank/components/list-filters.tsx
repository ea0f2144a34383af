import type { ListFilters } from '../api/list-items';
import { favoriteColors } from '../../../lib/favorite-colors';
import { FilterSelect } from './filter-select';
import styles from './list-filters.module.css';

type FilterKey = 'updTopic' | 'isFull' | 'practiceStatus' | 'type' | 'color' | 'hotSort' | 'isReal';

interface FilterSpec {
  key: FilterKey;
  label: string;
  options: { value: number | ''; label: string }[];
  /** Needs the learner's own data. */
  personal?: boolean;
}

/** The six filters of spec §3, with the spec's values, and 真题 (spec §7 isReal). */
export const filterSpecs: readonly FilterSpec[] = [
  {
    key: 'updTopic',
    label: '更新',
    options: [
      { value: 0, label: '全部题目' },
      { value: 1, label: '近七天新题' },
    ],
  },
  {
    key: 'isFull',
    label: '完整度',
    options: [
      { value: 0, label: '完整度不限' },
      { value: 1, label: '完整' },
      { value: 2, label: '不完整' },
    ],
  },
  {
    key: 'practiceStatus',
    label: '练习状态',
    personal: true,
    options: [
      { value: 0, label: '全部状态' },
      { value: 1, label: '已练习' },
      { value: 2, label: '未练习' },
    ],
  },
  {
    key: 'type',
    label: '频率',
    options: [
      { value: 1, label: '高频与非高频' },
      { value: 4, label: '本周高频' },
      { value: 5, label: '非高频' },
    ],
  },
  {
    key: 'color',
    label: '收藏',
    personal: true,
    options: [
      { value: '', label: '收藏不限' },
      { value: -1, label: '全部收藏' },
      { value: 1, label: '红色' },
      { value: 2, label: '黄色' },
      { value: 3, label: '绿色' },
      { value: 4, label: '蓝色' },
    ],
  },
  {
    key: 'hotSort',
    label: '排序',
    options: [
      { value: 0, label: '按题号' },
      { value: 1, label: '练习次数从多到少' },
      { value: 2, label: '练习次数从少到多' },
    ],
  },
  {
    key: 'isReal',
    label: '真题',
    options: [
      { value: 0, label: '全部题目' },
      { value: 1, label: '只看真题（上过高频榜）' },
    ],
  },
];

function optionLabel(spec: FilterSpec, option: FilterSpec['options'][number]) {
  if (spec.key !== 'color' || typeof option.value !== 'number' || option.value < 1) {
    return option.label;
  }
  return (
    <span className={styles.colorOption}>
      <span
        className={styles.dot}
        style={{ background: favoriteColors[option.value as keyof typeof favoriteColors] }}
        aria-hidden
      />
      {option.label}
    </span>
  );
}

interface ListFiltersProps {
  filters: ListFilters;
  signedIn: boolean;
  onChange: (change: Partial<ListFilters>) => void;
}

export function ListFilterBar({ filters, signedIn, onChange }: ListFiltersProps) {
  return (
    <div className={styles.bar} role="group" aria-label="筛选题目">
      {filterSpecs
        .filter((spec) => signedIn || !spec.personal)
        .map((spec) => (
          <label key={spec.key} className={styles.filter}>
            <span className={styles.label}>{spec.label}</span>
            <FilterSelect
              label={spec.label}
              value={filters[spec.key]}
              className={styles.select}
              options={spec.options.map((option) => ({
                value: option.value,
                label: optionLabel(spec, option),
              }))}
              onChange={(value) => onChange({ [spec.key]: value } as Partial<ListFilters>)}
            />
          </label>
        ))}
    </div>
  );
}
