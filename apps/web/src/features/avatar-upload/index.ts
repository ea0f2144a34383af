/**
 * The avatar upload of 个人中心: choose an image, watch it go up in slices with pause / resume /
 * cancel, and hand its URL to whoever saves it (the page saves it with the practice settings).
 */
export { AvatarUpload, type AvatarUploadProps } from './components/avatar-upload';
export { avatarFileProblem, AVATAR_ACCEPT } from './avatar-file';
