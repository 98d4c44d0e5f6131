/**
 * The spec's route table (§2), typos included. Every screen is its own lazy chunk,
 * so a page loads only the code it uses.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from './Layout';
import { RequireAuth } from './components/RequireAuth';
import { RequireStudio } from './components/RequireStudio';

type Load = () => Promise<{ default: ComponentType }>;
const page = (load: Load): LazyExoticComponent<ComponentType> => lazy(load);
/** A screen whose hooks take the query client from context: the provider loads with it. */
const scopedPage = (load: Load) =>
  page(async () => {
    const [{ default: Screen }, { QueryScope }] = await Promise.all([load(), import('./api/QueryScope')]);
    return {
      default: function Scoped() {
        return (
          <QueryScope>
            <Screen />
          </QueryScope>
        );
      },
    };
  });

const Home = page(() => import('./pages/home/HomePage'));
const Contact = page(() => import('./pages/contact/ContactPage'));
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
const ForgotPassword = page(() => import('./pages/account/ForgotPasswordPage'));
const ResetPassword = page(() => import('./pages/account/ResetPasswordPage'));
const Settings = scopedPage(() => import('./pages/account/SettingsPage'));
const Admin = scopedPage(() => import('./pages/admin/AdminPage'));
const NotFound = page(() => import('./pages/common/NotFoundPage'));
// The casting side (docs/marketplace.md).
const StudioSignup = page(() => import('./pages/auth/StudioSignupPage'));
const Dashboard = scopedPage(() => import('./pages/dashboard/DashboardPage'));
const StudioEdit = scopedPage(() => import('./pages/dashboard/StudioEditPage'));
const JobForm = scopedPage(() => import('./pages/dashboard/JobFormPage'));
const JobsBoard = scopedPage(() => import('./pages/jobs/JobsBoardPage'));
const Job = scopedPage(() => import('./pages/jobs/JobPage'));

const studioOnly = (Screen: ComponentType) => (
  <RequireStudio>
    <Screen />
  </RequireStudio>
);

const own = (Screen: ComponentType) => (
  <RequireAuth>
    <Screen />
  </RequireAuth>
);

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <Home /> },
      { path: '/contact', element: <Contact /> },
      { path: '/studio', element: <StudioList /> },
      { path: '/studio-detail/:id', element: <StudioDetail /> },
      { path: '/download-section', element: <Download /> },
      { path: '/editProfile', element: own(EditProfile) },
      { path: '/info', element: own(Info) },
      { path: '/basic-profile-sec', element: own(BasicProfileSec) },
      { path: '/apperance', element: own(Appearance) },
      { path: '/subscription', element: own(Subscription) },
      { path: '/media/photos', element: own(Photos) },
      { path: '/media/videos', element: own(Videos) },
      { path: '/media/audios', element: own(Audios) },
      { path: '/login', element: <Login /> },
      { path: '/signup', element: <Signup /> },
      { path: '/profile', element: own(Profile) },
      { path: '/editapperance', element: own(EditAppearance) },
      { path: '/forgot-password', element: <ForgotPassword /> },
      { path: '/reset-password', element: <ResetPassword /> },
      { path: '/settings', element: own(Settings) },
      { path: '/admin', element: own(Admin) },
      { path: '/studio-signup', element: <StudioSignup /> },
      { path: '/dashboard', element: studioOnly(Dashboard) },
      { path: '/dashboard/studio', element: studioOnly(StudioEdit) },
      { path: '/dashboard/jobs/new', element: studioOnly(JobForm) },
      { path: '/dashboard/jobs/:id', element: studioOnly(JobForm) },
      { path: '/jobs', element: <JobsBoard /> },
      { path: '/jobs/:id', element: <Job /> },
      { path: '*', element: <NotFound /> },
    ],
  },
];
