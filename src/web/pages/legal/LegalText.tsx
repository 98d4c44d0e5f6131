/** One legal page (/terms, /privacy): its title, lead and sections from the contract. */
import { Link } from 'react-router';
import type { LegalPage } from '../../../contract/legal';
import './legal.css';

export function LegalText({ page }: { page: LegalPage }) {
  return (
    <main className="page legal-page">
      <h1>{page.heading}</h1>
      <p className="legal-lead">{page.lead}</p>
      {page.sections.map((section) => (
        <section key={section.heading} aria-labelledby={`legal-${slug(section.heading)}`}>
          <h2 id={`legal-${slug(section.heading)}`}>{section.heading}</h2>
          {section.paragraphs.map((p) => <p key={p}>{p}</p>)}
          {section.items && <ul>{section.items.map((item) => <li key={item}>{item}</li>)}</ul>}
        </section>
      ))}
      <p className="legal-more">Questions? <Link to="/contact">Write to us</Link>.</p>
    </main>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
