/**
 * 我的数据 (个人中心): download everything we hold about the learner, and delete the account after
 * an SMS code to its own phone; the home page's notice after a deletion.
 */
export { MyDataPanel, type MyDataPanelProps } from './components/my-data-panel';
export { AccountDeletedNotice } from './components/account-deleted-notice';
export { exportAccountData, fileSaver, useExportAccountData } from './api/export-account-data';
export { sendDeletionCode, useSendDeletionCode } from './api/send-deletion-code';
export { deleteAccount, useDeleteAccount } from './api/delete-account';
