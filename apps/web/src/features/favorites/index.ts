/** Favourites: the star with its four colours and the folder's calls. */
export { FavoriteStar } from './components/favorite-star';
export { useAddUserCollect, addUserCollect } from './api/add-user-collect';
export {
  useFavorites,
  fetchFavorites,
  favoritesQueryOptions,
  FAVORITES_PAGE_SIZE,
} from './api/query-user-favorite';
export { FAVORITE_DETAILS_PATH, favoriteDetailsPath } from './details-path';
