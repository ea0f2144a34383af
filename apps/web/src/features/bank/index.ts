/** The question bank feature's public API, for pages and the header. */
export {
  useItemList,
  itemListQueryOptions,
  fetchItemList,
  listQueryParams,
} from './api/list-items';
export type { ListFilters } from './api/list-items';
export { useSearch, fetchSearch, searchQueryOptions, searchQueryParams } from './api/search-items';
export type { SearchFilters } from './api/search-items';
export { useHierarchy, fetchHierarchy, hierarchyQueryOptions } from './api/bank-hierarchy';
export { useHighFrequency, fetchHighFrequency } from './api/high-frequency';
export { ItemRow, ItemRowList, exercisePath } from './components/item-row';
export { ListFilterBar, filterSpecs } from './components/list-filters';
export { filtersFromUrl, listUrl, parseTypeCode, LIST_PAGE_SIZE } from './list-url';
export { weekName, weekRange } from './week';
export { typeListLink, typeListPath } from './type-link';
export { HeaderSearch } from './components/header-search';
