/**
 * Where stored media live: the URL path the local storage is served under, and the object keys
 * of bank media and learners' recordings. Shared by the storage, the file route (plugins/media),
 * the bank import and the modules that link media, so none of them imports another.
 */

/** The public URL path of the local object storage (plugins/media serves it). */
export const MEDIA_PATH = '/files';

/** Object keys of bank media: `bank/<path in content/media>`. */
export const BANK_MEDIA_PREFIX = 'bank';
export const bankMediaKey = (src: string) => `${BANK_MEDIA_PREFIX}/${src}`;

/** Object keys of learners' recordings: `recordings/<id>.wav`, served only through signed links. */
export const RECORDINGS_PREFIX = 'recordings';
export const recordingKey = (id: string) => `${RECORDINGS_PREFIX}/${id}.wav`;
