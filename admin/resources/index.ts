import type { ComponentType } from 'react';
import type { SvgIconComponent } from '@mui/icons-material';
import StorefrontIcon from '@mui/icons-material/Storefront';
import BadgeIcon from '@mui/icons-material/Badge';
import AssignmentIcon from '@mui/icons-material/AssignmentTurnedIn';
import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import EventIcon from '@mui/icons-material/EventRepeat';
import CategoryIcon from '@mui/icons-material/Category';
import LocationCityIcon from '@mui/icons-material/LocationCity';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import HistoryIcon from '@mui/icons-material/History';
import ReviewsIcon from '@mui/icons-material/RateReview';
import FlagIcon from '@mui/icons-material/Flag';
import { ADMIN_RESOURCES } from '@server/admin/resources';
import { generateResource, type ResourceViews } from '../generator/views';
import { ApplicationReview } from './business-applications/ApplicationReview';
import { AuditChanges } from './audit-log/AuditChanges';

/**
 * Every back-office resource: generated from its declaration, plus the few hand-written pieces
 * (the application review panel, the audit diff) and an icon.
 */
const ICONS: Record<string, SvgIconComponent> = {
  outlets: StorefrontIcon,
  'business-owners': BadgeIcon,
  'business-applications': AssignmentIcon,
  discounts: LocalOfferIcon,
  'day-discounts': EventIcon,
  categories: CategoryIcon,
  cities: LocationCityIcon,
  'support-tickets': SupportAgentIcon,
  reviews: ReviewsIcon,
  'review-reports': FlagIcon,
  'audit-log': HistoryIcon,
};

const SHOW_EXTRAS: Record<string, ComponentType> = {
  'business-applications': ApplicationReview,
  'audit-log': AuditChanges,
};

export const resources: (ResourceViews & { name: string; icon?: SvgIconComponent })[] = ADMIN_RESOURCES.map((d) => ({
  name: d.name,
  icon: ICONS[d.name],
  ...generateResource(d, { showExtra: SHOW_EXTRAS[d.name], resolve: (name) => ADMIN_RESOURCES.find((r) => r.name === name) }),
}));
