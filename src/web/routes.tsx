/**
 * The spec's route table (§2), typos included. Every screen is its own lazy chunk,
 * so a page loads only the code it uses.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from './Layout';
import { RequireAuth } from './components/RequireAuth';
import { RequireStudio } from './components/RequireStudio';
import { RequireLogin } from './components/RequireLogin';
import type { RouteHandle } from './components/RouteFocus';
import { PAGE_TITLES } from '../contract/screen-messages';
import { WEB_PATHS, type WebPath } from '../contract/web-paths';
import type { StudioAction } from './lib/studio-can';

type Load = () => Promise<{ default: ComponentType }>;
const page = (load: Load): LazyExoticComponent<ComponentType> => lazy(load);

const Home = page(() => import('./pages/home/HomePage'));
const Contact = page(() => import('./pages/contact/ContactPage'));
const Terms = page(() => import('./pages/legal/TermsPage'));
const Privacy = page(() => import('./pages/legal/PrivacyPage'));
const StudioList = page(() => import('./pages/studios/StudioListPage'));
const StudioDetail = page(() => import('./pages/studios/StudioDetailPage'));
const Download = page(() => import('./pages/download/DownloadPage'));
const EditProfile = page(() => import('./pages/profile/EditProfilePage'));
const Info = page(() => import('./pages/profile/InfoPage'));
/** The spec does not show /basic-profile-sec; it shows the basic info. */
const BasicProfileSec = Info;
const Appearance = page(() => import('./pages/profile/AppearancePage'));
const Subscription = page(() => import('./pages/subscription/SubscriptionPage'));
const Photos = page(() => import('./pages/media/PhotosPage'));
const Videos = page(() => import('./pages/media/VideosPage'));
const Audios = page(() => import('./pages/media/AudiosPage'));
const Login = page(() => import('./pages/auth/LoginPage'));
const Signup = page(() => import('./pages/auth/SignupPage'));
const Profile = page(() => import('./pages/profile/ProfilePage'));
const EditAppearance = page(() => import('./pages/profile/EditAppearancePage'));
const EditResume = page(() => import('./pages/profile/EditResumePage'));
const ForgotPassword = page(() => import('./pages/account/ForgotPasswordPage'));
const ResetPassword = page(() => import('./pages/account/ResetPasswordPage'));
const Settings = page(() => import('./pages/account/SettingsPage'));
const Admin = page(() => import('./pages/admin/AdminPage'));
const NotFound = page(() => import('./pages/common/NotFoundPage'));
// The casting side (docs/marketplace.md).
const StudioSignup = page(() => import('./pages/auth/StudioSignupPage'));
const Dashboard = page(() => import('./pages/dashboard/DashboardPage'));
const StudioEdit = page(() => import('./pages/dashboard/StudioEditPage'));
const JobForm = page(() => import('./pages/dashboard/JobFormPage'));
const Applicants = page(() => import('./pages/dashboard/ApplicantsPage'));
const JobsBoard = page(() => import('./pages/jobs/JobsBoardPage'));
const Job = page(() => import('./pages/jobs/JobPage'));
const Messages = page(() => import('./pages/messages/MessagesPage'));
// Portfolios, talent search and shortlists (docs/talent.md).
const Portfolio = page(() => import('./pages/talent/PortfolioPage'));
const ReviewRoom = page(() => import('./pages/review/ReviewRoomPage'));
// A guardian's consent, no account (docs/guardians.md).
const GuardianConsent = page(() => import('./pages/guardian/GuardianPage'));
const TalentSearch = page(() => import('./pages/talent/TalentSearchPage'));
const Shortlists = page(() => import('./pages/talent/ShortlistsPage'));
const Applications = page(() => import('./pages/applications/ApplicationsPage'));
const RecordTape = page(() => import('./pages/applications/RecordTapePage'));
// Audition times (docs/slots.md).
const Schedule = page(() => import('./pages/schedule/SchedulePage'));
// The studio's self-tape screens (docs/self-tapes.md).
const SelfTapes = page(() => import('./pages/self-tapes/SelfTapesPage'));
const RequestTapes = page(() => import('./pages/self-tapes/RequestTapesPage'));
// The casting office (docs/team.md).
const Join = page(() => import('./pages/team/JoinPage'));

/** Every route names itself (the tab's title; docs/screens.md). */
const titled = (key: keyof typeof PAGE_TITLES): RouteHandle => ({ title: PAGE_TITLES[key] });

// The role check comes with the data layer, so only studio screens load it (docs/team.md).
const RoleGate = lazy(() => import('./components/RoleGate'));

/** A studio's screen; `need` is what the member's role must be able to do there (web/lib/studio-can.ts). */
const studioOnly = (Screen: ComponentType, need?: StudioAction) => (
  <RequireStudio>
    {need ? (
      <RoleGate need={need}>
        <Screen />
      </RoleGate>
    ) : (
      <Screen />
    )}
  </RequireStudio>
);

const eitherKind = (Screen: ComponentType) => (
  <RequireLogin>
    <Screen />
  </RequireLogin>
);

const own = (Screen: ComponentType) => (
  <RequireAuth>
    <Screen />
  </RequireAuth>
);

/** Each page's screen, by its path: every path of WEB_PATHS, and no other (a missing one does not compile). */
const SCREENS: Record<WebPath, Omit<RouteObject, 'path' | 'children' | 'index'>> = {
  '/': { element: <Home />, handle: titled('home') },
  '/contact': { element: <Contact />, handle: titled('contact') },
  '/studio': { element: <StudioList />, handle: titled('studios') },
  '/studio-detail/:id': { element: <StudioDetail />, handle: titled('studio') },
  '/download-section': { element: <Download />, handle: titled('download') },
  '/editProfile': { element: own(EditProfile), handle: titled('editProfile') },
  '/info': { element: own(Info), handle: titled('info') },
  '/basic-profile-sec': { element: own(BasicProfileSec), handle: titled('info') },
  '/apperance': { element: own(Appearance), handle: titled('appearance') },
  '/subscription': { element: own(Subscription), handle: titled('subscription') },
  '/media/photos': { element: own(Photos), handle: titled('photos') },
  '/media/videos': { element: own(Videos), handle: titled('videos') },
  '/media/audios': { element: own(Audios), handle: titled('audios') },
  '/login': { element: <Login />, handle: titled('login') },
  '/signup': { element: <Signup />, handle: titled('signup') },
  '/profile': { element: own(Profile), handle: titled('profile') },
  '/editapperance': { element: own(EditAppearance), handle: titled('editAppearance') },
  '/editResume': { element: own(EditResume), handle: titled('editResume') },
  '/forgot-password': { element: <ForgotPassword />, handle: titled('forgotPassword') },
  '/reset-password': { element: <ResetPassword />, handle: titled('resetPassword') },
  // Both kinds of account have settings (docs/account.md "Studio settings").
  '/settings': { element: eitherKind(Settings), handle: titled('settings') },
  '/admin': { element: own(Admin), handle: titled('admin') },
  '/studio-signup': { element: <StudioSignup />, handle: titled('studioSignup') },
  '/dashboard': { element: studioOnly(Dashboard), handle: titled('dashboard') },
  '/dashboard/studio': { element: studioOnly(StudioEdit, 'studioPage'), handle: titled('studioEdit') },
  '/dashboard/jobs/new': { element: studioOnly(JobForm, 'editJobs'), handle: titled('newJob') },
  '/dashboard/jobs/:id': { element: studioOnly(JobForm, 'editJobs'), handle: titled('editJob') },
  '/dashboard/jobs/:id/schedule': { element: studioOnly(Schedule), handle: titled('schedule') },
  '/dashboard/jobs/:id/applicants': { element: studioOnly(Applicants), handle: titled('applicantBoard') },
  '/dashboard/jobs/:id/self-tapes': { element: studioOnly(SelfTapes), handle: titled('selfTapes') },
  '/dashboard/jobs/:id/self-tapes/new': { element: studioOnly(RequestTapes, 'requestTapes'), handle: titled('requestTapes') },
  '/jobs': { element: <JobsBoard />, handle: titled('jobs') },
  '/jobs/:id': { element: <Job />, handle: titled('job') },
  '/terms': { element: <Terms />, handle: titled('terms') },
  '/privacy': { element: <Privacy />, handle: titled('privacy') },
  '/messages': { element: eitherKind(Messages), handle: titled('messages') },
  '/messages/:id': { element: eitherKind(Messages), handle: titled('messages') },
  '/talent/:id': { element: <Portfolio />, handle: titled('portfolio') },
  '/review/:token': { element: <ReviewRoom />, handle: titled('reviewRoom') },
  '/guardian/:token': { element: <GuardianConsent />, handle: titled('guardianConsent') },
  '/dashboard/talent': { element: studioOnly(TalentSearch, 'message'), handle: titled('talentSearch') },
  '/dashboard/shortlists': { element: studioOnly(Shortlists, 'message'), handle: titled('shortlists') },
  '/applications': { element: own(Applications), handle: titled('applications') },
  '/applications/tapes/:id/record': { element: own(RecordTape), handle: titled('recordTape') },
  '/join/:token': { element: <Join />, handle: titled('join') },
};

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      ...WEB_PATHS.map((path) => ({ path, ...SCREENS[path] }) as RouteObject),
      { path: '*', element: <NotFound />, handle: titled('notFound') },
    ],
  },
];
