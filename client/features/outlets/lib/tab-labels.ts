import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { OutletTab } from './links';

/** The tabs' names (`i18n._` them). */
export const OUTLET_TAB_LABELS: Record<OutletTab, MessageDescriptor> = {
  'instore-offers': msg({ message: 'In-store', comment: 'Outlet page tab: the offers at the outlet now' }),
  'upcoming-offers': msg({ message: 'Upcoming', comment: 'Outlet page tab: offers later today and tomorrow' }),
  menu: msg({ message: 'Menu', comment: 'Outlet page tab' }),
  photos: msg({ message: 'Photos', comment: 'Outlet page tab' }),
  about: msg({ message: 'About', comment: 'Outlet page tab' }),
};
