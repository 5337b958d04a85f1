import type { BusinessUserDetails } from './lib/session';

/** A master owner with two outlets, as the business login returns them (component tests only). */
export const OWNER_DETAILS: BusinessUserDetails = {
  boId: 3,
  name: 'Ravi Kumar',
  username: 'demo.owner',
  phoneNumber: '9845012345',
  pan: 'ABCPK1234L',
  designation: 'Proprietor',
  isMaster: true,
  masterId: null,
  currentOutletId: 11,
  allOutletForBusiness: [
    { id: 11, name: 'Sri Krishna Udupi Grand', addressLineTwo: 'Jayanagar' },
    { id: 12, name: 'Kaapi Katte', addressLineTwo: 'Koramangala' },
  ],
};
