/**
 * The spec's route table (§2), typos included. Every screen is its own lazy chunk,
 * so a page loads only the code it uses.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteObject } from 'react-router';
import { Layout } from './Layout';
import { RequireAuth } from './components/RequireAuth';

const page = (load: () => Promise<{ default: ComponentType }>): LazyExoticComponent<ComponentType> => lazy(load);
const comingSoon = (title: string) =>
  page(() => import('./pages/common/ComingSoonPage').then((m) => ({ default: () => <m.default title={title} /> })));

const Home = comingSoon('Home');
const Contact = comingSoon('Contact us');
const StudioList = comingSoon('Studios');
const StudioDetail = comingSoon('Studio');
const Download = comingSoon('Download');
const EditProfile = comingSoon('Edit Profile');
const Info = comingSoon('Basic Info');
const BasicProfileSec = comingSoon('Basic Info');
const Appearance = comingSoon('Appearance');
const Subscription = comingSoon('Subscription');
const Photos = page(() => import('./pages/media/PhotosPage'));
const Videos = page(() => import('./pages/media/VideosPage'));
const Audios = page(() => import('./pages/media/AudiosPage'));
const Login = page(() => import('./pages/auth/LoginPage'));
const Signup = page(() => import('./pages/auth/SignupPage'));
const Profile = comingSoon('Profile');
const EditAppearance = comingSoon('Edit Profile');
const NotFound = page(() => import('./pages/common/NotFoundPage'));

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
      { path: '*', element: <NotFound /> },
    ],
  },
];
