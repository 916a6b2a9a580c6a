/**
 * The one route table (spec 000 §2.1, plus /token for the OAuth redirect). Every screen is its own
 * lazily loaded module, so a route loads only its own code; guards are layout routes
 * (see guards.tsx), identified by `id` so the route classes can be checked.
 */
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { RouteError } from '@/components/route-error';
import { Splash } from '@/components/splash';
import { ChromeRoute, FullLayoutRoute, OnboardingRoute, PublicOnlyRoute, SignedInRoute } from './guards';

type Page = LazyExoticComponent<ComponentType>;
const page = (load: () => Promise<{ default: ComponentType }>): Page => lazy(load);

const SignIn = page(() => import('@/features/auth/routes/sign-in'));
const CustomLogin = page(() => import('@/features/auth/routes/custom-login'));
const SignUp = page(() => import('@/features/auth/routes/sign-up'));
const ConfirmAccount = page(() => import('@/features/auth/routes/confirm-account'));
const ResetPassword = page(() => import('@/features/auth/routes/reset-password'));
const OAuthRedirect = page(() => import('@/features/auth/routes/oauth-redirect'));
const CompleteRegistration = page(() => import('@/features/onboarding/routes/complete-registration'));
const Invitations = page(() => import('@/features/onboarding/routes/invitations'));
const TeamSetup = page(() => import('@/features/onboarding/routes/team-setup'));
const CreateTeam = page(() => import('@/features/onboarding/routes/create-team'));
const Profile = page(() => import('@/features/user/routes/profile'));
const Home = page(() => import('./routes/home'));
const Projects = page(() => import('@/features/projects/routes/projects'));
const ProjectDashboard = page(() => import('@/features/projects/routes/project-dashboard'));
const Question = page(() => import('@/features/answering/routes/question-answering'));
const Import = page(() => import('@/features/projects/routes/import'));
const LongForm = page(() => import('@/features/projects/routes/long-form'));
const Notifications = page(() => import('@/features/notifications/routes/notifications'));
const Library = page(() => import('@/features/library/routes/library'));
const Answers = page(() => import('@/features/library/routes/answers'));
const Gaps = page(() => import('@/features/library/gaps/routes/gaps'));
const LibraryHealth = page(() => import('@/features/library/health/routes/library-health'));
const Files = page(() => import('@/features/documents/routes/files'));
const Insights = page(() => import('@/features/insights/routes/insights'));
const Settings = page(() => import('@/features/settings/routes/settings'));
const Team = page(() => import('@/features/team/routes/team'));
const Welcome = page(() => import('@/features/welcome/routes/welcome'));
const DemoTour = page(() => import('@/features/welcome/routes/demo-tour'));
const QuizCentral = page(() => import('@/features/quiz/routes/quiz-central'));
const QuizEdit = page(() => import('@/features/quiz/routes/quiz-edit'));
const QuizInvite = page(() => import('@/features/quiz/routes/quiz-invite'));

const screen = (path: string, Component: Page): RouteObject => ({ path, element: <Component /> });

function Root() {
  return (
    <Suspense fallback={<Splash />}>
      <Outlet />
    </Suspense>
  );
}

export const routeTable: RouteObject[] = [
  {
    id: 'root',
    element: <Root />,
    errorElement: <RouteError />,
    children: [
      screen('token', OAuthRedirect),
      {
        id: 'public-only',
        element: <PublicOnlyRoute />,
        children: [
          screen('login', SignIn),
          screen('login/:customerName', CustomLogin),
          screen('Signup', SignUp),
          screen('Signup/Confirm', ConfirmAccount),
          screen('reset', ResetPassword),
        ],
      },
      {
        id: 'signed-in',
        element: <SignedInRoute />,
        children: [
          {
            id: 'onboarding',
            element: <OnboardingRoute />,
            children: [
              screen('Signup/Complete', CompleteRegistration),
              screen('Signup/Account', Invitations),
              screen('Signup/Teams', TeamSetup),
              screen('Signup/Teams/Create', CreateTeam),
            ],
          },
          screen(
            'Projects/:projectId/trust-centre',
            page(() => import('@/features/projects/routes/trust-centre')),
          ),
          {
            id: 'chrome',
            element: <ChromeRoute />,
            children: [screen('Profile', Profile)],
          },
          {
            id: 'full-layout',
            element: <FullLayoutRoute />,
            children: [
              { index: true, element: <Home /> },
              screen('Projects', Projects),
              screen('Projects/Create', Projects),
              screen('Projects/:projectId', ProjectDashboard),
              screen('Projects/:projectId/welcome', ProjectDashboard),
              screen('Projects/:projectId/start', Question),
              screen('Projects/:projectId/:questionId/*', Question),
              screen('Notifications', Notifications),
              screen('Library', Library),
              screen('Answers', Answers),
              screen('Answers/gaps', Gaps),
              screen('Answers/health', LibraryHealth),
              screen('Files', Files),
              screen('Insights', Insights),
              screen('Settings', Settings),
              screen('Import', Import),
              screen('Long_Form', LongForm),
              screen('Team', Team),
              screen('Welcome', Welcome),
              // The Welcome page's Start and Live demo (spec 000 §1): Start creates the first project.
              { path: 'create', element: <Navigate to="/Projects/Create" replace /> },
              screen('demo', DemoTour),
              screen('Quiz', QuizCentral),
              screen('Quiz/New', QuizEdit),
              screen('Quiz/:quizId/Edit', QuizEdit),
              screen('Quiz/:quizId/Invite', QuizInvite),
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routeTable);
