/**
 * The static pages in one module, so the route table loads them as one chunk (a visitor reading
 * /about usually goes on to another about page).
 * @module
 */
export { AboutPage } from './AboutPage.js';
export { AboutProPage } from './AboutProPage.js';
export { DevelopersPage } from './DevelopersPage.js';
export { FeaturedPage } from './FeaturedPage.js';
export { FeatureGuidePage } from './FeatureGuidePage.js';
export { FeaturesPage } from './FeaturesPage.js';
export { MembersPage } from './MembersPage.js';
export { PrivacyPage } from './PrivacyPage.js';
export { PromotedPage } from './PromotedPage.js';
export { PublishersPage } from './PublishersPage.js';
