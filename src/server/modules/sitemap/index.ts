/** The sitemap area's public face: its route. */
export { sitemapRoutes } from './sitemap.routes.js';
