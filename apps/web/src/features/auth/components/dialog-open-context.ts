import { createContext, useContext } from 'react';

/**
 * Whether the login dialog is open. A context rather than a prop: antd stops updating a closing
 * dialog's content until its animation ends, and polling must stop the moment it closes.
 */
export const DialogOpenContext = createContext(true);

export function useIsDialogOpen(): boolean {
  return useContext(DialogOpenContext);
}
