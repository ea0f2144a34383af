import type { ItemTypeCode, MaterialDetail, MaterialSummary } from '@ninety/contract';
import type { Material } from './materials-catalogue';

/** What leaves the server of a material in the catalogue: never its files' paths or hashes. */
export function toMaterialSummary(
  material: Material,
  extra: { coverUrl: string; itemCount: number; owned: boolean | null },
): MaterialSummary {
  return {
    id: material.id,
    kind: material.kind,
    title: material.title,
    subtitle: material.subtitle,
    priceFen: material.priceFen,
    listPriceFen: material.listPriceFen ?? null,
    tags: material.tags,
    coverUrl: extra.coverUrl,
    fileCount: material.files.length,
    pageCount: material.files.reduce((sum, file) => sum + file.pages, 0),
    itemCount: extra.itemCount,
    owned: extra.owned,
  };
}

export function toMaterialDetail(
  material: Material,
  extra: {
    coverUrl: string;
    items: { id: string; type: string; title: string }[];
    owned: boolean | null;
    ownedAt: Date | null;
    samplePages: number;
    sampleUrl: string;
  },
): MaterialDetail {
  return {
    ...toMaterialSummary(material, { ...extra, itemCount: extra.items.length }),
    description: material.description,
    highlights: material.highlights,
    files: material.files.map((file) => ({
      id: file.id,
      title: file.title,
      pages: file.pages,
      bytes: file.bytes,
      types: file.types,
    })),
    items: extra.items.map((item) => ({
      id: item.id,
      type: item.type as ItemTypeCode,
      title: item.title,
    })),
    ownedAt: extra.ownedAt?.toISOString() ?? null,
    sampleUrl: extra.sampleUrl,
    samplePages: extra.samplePages,
  };
}
