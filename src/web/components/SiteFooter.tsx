/**
 * The links at the foot of every page: the terms, the privacy policy and the contact page.
 * A navigation landmark, not a <footer>: a page with its own footer (a studio's page)
 * keeps the one contentinfo landmark.
 */
import { Link } from 'react-router';
import './site-footer.css';

export function SiteFooter() {
  return (
    <nav className="site-footer" aria-label="Site">
      <Link to="/terms">Terms</Link>
      <Link to="/privacy">Privacy Policy</Link>
      <Link to="/contact">Contact us</Link>
    </nav>
  );
}
