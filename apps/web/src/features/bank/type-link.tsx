import type { ItemTypeCode } from '@ninety/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The first page of a type's question list (spec §2: question-list/{type}/{page}). */
export const typeListPath = (type: ItemTypeCode) => `/question-list/${type}/1`;

/**
 * A link to a type's question list, for the panels that name types (学习中心, home, a mock
 * report) and take it as their `renderTypeLink`. Its own module, like `exercise-path`, so a page
 * linking to a list does not load the list's code.
 */
export const typeListLink = (type: ItemTypeCode, children: ReactNode) => (
  <Link to={typeListPath(type)}>{children}</Link>
);
