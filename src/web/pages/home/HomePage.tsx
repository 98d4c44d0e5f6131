/**
 * / (docs/product.md §1, §2): the studio search, the welcome banner, the three cards, the
 * feature list and the download block.
 */
import { Link } from 'react-router';
import { MSG } from '../../../contract/messages';
import { StoreBadges } from '../../components/StoreBadges';
import { session } from '../../api/session';
import { RecommendedJobs } from '../jobs/RecommendedJobs';
import { StudioSearch } from './StudioSearch';
import './home.css';

const CARDS = [
  {
    title: 'Easy to share',
    text: 'Keep your photos, videos and audio in one portfolio and share it with studios in a click.',
    icon: 'M4 12v7a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-7M16 6l-4-4-4 4M12 2v13',
  },
  {
    title: 'Easy to communicate',
    text: 'Message casting directors directly and keep every conversation about a role in one place.',
    icon: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z',
  },
  {
    title: 'Easy to apply',
    text: 'See open auditions from studios near you and apply with the profile you already have.',
    icon: 'M9 11l3 3 8-8M20 12v7a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h11',
  },
];

const FEATURES = [
  ['Personalized audition recommendations', 'Roles picked for your profession, looks and location.'],
  ['Audition portfolio', 'Photos, showreels and voice clips, always up to date.'],
  ['Talent shortlisting and reviews', 'Studios shortlist you and tell you where you stand.'],
  ['Talent search', 'Casting teams find you by skill, language and city.'],
  ['Messaging with casting directors', 'Ask about dates, fees and scripts before you commit.'],
  ['Easy applying to auditions', 'One profile, every audition, no paperwork.'],
];

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
      <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export default function HomePage() {
  const loggedIn = session.isLoggedIn();
  return (
    <main className="home">
      <section className="home-hero" aria-labelledby="home-welcome">
        <div className="home-hero-inner">
          <StudioSearch />
          <div className="home-welcome">
            <p className="home-kicker">Auditions and casting, in one place</p>
            <h1 id="home-welcome">Welcome to Audition</h1>
            <p className="home-lead">
              Actors, models, singers, dancers and every performer: build your portfolio, meet studios and land your next role.
            </p>
            <div className="home-cta">
              {loggedIn ? (
                <Link className="btn btn-accent" to="/info">Go to my profile</Link>
              ) : (
                <Link className="btn btn-accent" to="/signup">Create your free profile</Link>
              )}
              <Link className="btn btn-on-dark" to="/studio">Browse studios</Link>
            </div>
            {!loggedIn && (
              // Studios sign up too (issue 49 item 21): said where performers are invited.
              <p className="home-studio-signup">
                Casting? <Link to="/studio-signup">Create a studio account</Link>
              </p>
            )}
          </div>
        </div>
      </section>

      <RecommendedJobs className="home-section" />

      <section className="home-section" aria-labelledby="home-why">
        <h2 id="home-why" className="visually-hidden">Why Audition</h2>
        <ul className="home-cards">
          {CARDS.map((card) => (
            <li key={card.title} className="card home-card">
              <span className="home-card-icon"><Icon d={card.icon} /></span>
              <h3>{card.title}</h3>
              <p>{card.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-section home-features" aria-labelledby="home-features">
        <div>
          <h2 id="home-features">Everything a performer needs</h2>
          <p className="muted">From your first headshot to your next contract, Audition keeps your career moving.</p>
        </div>
        <ul className="home-feature-list">
          {FEATURES.map(([title, text]) => (
            <li key={title}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <circle cx="12" cy="12" r="10" fill="currentColor" opacity="0.15" />
                <path d="m7.5 12.5 3 3 6-6.5" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
              <span>
                <strong>{title}</strong>
                <span className="muted">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <section className="home-section" aria-labelledby="home-download">
        <div className="home-download">
          <div>
            <h2 id="home-download">{MSG.downloadHeading}</h2>
            <p>Get audition alerts, chat with studios and apply on the go.</p>
            <StoreBadges />
          </div>
          <Link className="home-download-more" to="/download-section">More about the app →</Link>
        </div>
      </section>
    </main>
  );
}
