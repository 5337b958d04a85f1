import { defineModule } from '../manifest.ts';
import { searchHistoryRouter } from './router.ts';
import { searchHistoryRest } from './rest.ts';

export const searchHistoryModule = defineModule({
  name: 'search-history',
  router: { searchHistory: searchHistoryRouter },
  rest: searchHistoryRest,
});
