import { Pagination, type PaginationProps } from 'antd';

/**
 * The list's pages, a chunk of its own (issue 23): antd's Pagination brings its Select (the size
 * changer, ~23 kB gzip, unused here) and sits below twenty rows, yet held back the list's first
 * paint on a phone.
 */
export function ListPagination(props: PaginationProps) {
  return <Pagination {...props} />;
}
