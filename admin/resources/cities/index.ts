import { CityList } from './CityList';

export default {
  list: CityList,
  recordRepresentation: 'name',
};
