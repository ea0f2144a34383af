/**
 * Where stored media live: the URL path the local storage is served under, and the object keys
 * of bank media and learners' recordings. Shared by the storage, the file route (plugins/media),
 * the bank import and the modules that link media, so none of them imports another.
 */

import { UPLOAD_RULES, uploadPrefixOf } from '@ninety/contract';

/** The public URL path of the local object storage (plugins/media serves it). */
export const MEDIA_PATH = '/files';

/** Object keys of bank media: `bank/<path in content/media>`. */
export const BANK_MEDIA_PREFIX = 'bank';
export const bankMediaKey = (src: string) => `${BANK_MEDIA_PREFIX}/${src}`;

/**
 * Object keys of learners' recordings, served only through signed links: `recordings/<user id>/
 * <id>.wav` (older ones `recordings/<id>.wav`), so that an account's recordings go with one prefix.
 */
export const RECORDINGS_PREFIX = 'recordings';
export const recordingKey = (userId: number, id: string) =>
  `${RECORDINGS_PREFIX}/${userId}/${id}.wav`;

/** 微课 media (`courses/<lesson>/…`): member lessons go only to members, by signed links. */
export const COURSE_MEDIA_PREFIX = 'courses';

/**
 * Prefixes of private objects: served only through a signed link (local disk) or a short
 * presigned URL (S3), never from the public material host or a shared cache. Learners'
 * recordings, and uploads of a private purpose under a learner's prefix
 * (`uploads/<user>/<purpose>/…`, UPLOAD_RULES with visibility private).
 */
/**
 * 资料 copies stamped for one buyer (`material-copies/<user>/<order>/…`): only by short links to
 * that buyer, and under the learner's id so that deleting the account removes them.
 */
export const MATERIAL_COPIES_PREFIX = 'material-copies';
export const materialCopiesPrefixOf = (userId: number) => `${MATERIAL_COPIES_PREFIX}/${userId}/`;

export const PRIVATE_PREFIXES: readonly string[] = [
  RECORDINGS_PREFIX,
  COURSE_MEDIA_PREFIX,
  MATERIAL_COPIES_PREFIX,
];
const PRIVATE_UPLOAD_PURPOSES = Object.entries(UPLOAD_RULES)
  .filter(([, rule]) => rule.visibility === 'private')
  .map(([purpose]) => purpose);
export const isPrivateKey = (key: string) => {
  if (PRIVATE_PREFIXES.some((prefix) => key.startsWith(`${prefix}/`))) return true;
  const [root, , purpose] = key.split('/');
  return (
    root === uploadPrefixOf(0).split('/')[0] && PRIVATE_UPLOAD_PURPOSES.includes(purpose ?? '')
  );
};

/** Where the browser PUTs multipart parts when storage is the local disk (plugins/local-uploads). */
export const LOCAL_PART_PATH = '/api/storage/part';
