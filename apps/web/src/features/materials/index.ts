/**
 * 资料 (issue 21): the catalogue of topics and packs, a material's details with its sample and,
 * once bought, its downloads (each through a short signed link, stamped with the buyer's id).
 * Buying itself is the orders flow, which the pages compose.
 */
export { MaterialCatalogue, MaterialPrice } from './components/material-catalogue';
export { MaterialDetails, type MaterialDetailsProps } from './components/material-details';
export { useMaterial } from './api/get-material';
export { useMaterials } from './api/get-materials';
export { useIncludedInPurchase } from './api/get-material-unlocks';
export { usePurchaseRefresh } from './api/use-purchase-refresh';
export { formatYuan, KIND_ZH, materialDetailPath, materialPurchasePath } from './labels';
