import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routeTable } from './router';
import { completeRegistrationPath, destinationForStatus, safeReturnPath } from './routing';

/** The guard class of the deepest guard layout route matching a path (spec 000 §2.2). */
function classOf(path: string): string | undefined {
  const matches = matchRoutes(routeTable, path) ?? [];
  const ids = matches.map((m) => m.route.id);
  for (const id of ['full-layout', 'chrome', 'onboarding', 'public-only']) {
    if (ids.includes(id)) return id;
  }
  return matches.length > 0 ? 'unguarded' : undefined;
}

/** The leaf route's path pattern matched for a URL. */
function leafOf(path: string): string | undefined {
  const matches = matchRoutes(routeTable, path) ?? [];
  const leaf = matches[matches.length - 1]?.route;
  return leaf?.index ? '(index)' : leaf?.path;
}

describe('route table', () => {
  it.each([
    ['/login', 'public-only'],
    ['/login/acme', 'public-only'],
    ['/Signup', 'public-only'],
    ['/Signup/Confirm', 'public-only'],
    ['/reset', 'public-only'],
    ['/Signup/Complete', 'onboarding'],
    ['/Signup/Account', 'onboarding'],
    ['/Signup/Teams', 'onboarding'],
    ['/Signup/Teams/Create', 'onboarding'],
    ['/Profile', 'chrome'],
    ['/', 'full-layout'],
    ['/Projects', 'full-layout'],
    ['/Projects/Create', 'full-layout'],
    ['/Projects/p1', 'full-layout'],
    ['/Projects/p1/welcome', 'full-layout'],
    ['/Projects/p1/start', 'full-layout'],
    ['/Projects/p1/q1', 'full-layout'],
    ['/Projects/p1/q1/comments/c9', 'full-layout'],
    ['/Notifications', 'full-layout'],
    ['/Library', 'full-layout'],
    ['/Answers', 'full-layout'],
    ['/Answers/health', 'full-layout'],
    ['/Files', 'full-layout'],
    ['/Insights', 'full-layout'],
    ['/Settings', 'full-layout'],
    ['/Import', 'full-layout'],
    ['/Long_Form', 'full-layout'],
    ['/Team', 'full-layout'],
    ['/Welcome', 'full-layout'],
    ['/create', 'full-layout'],
    ['/demo', 'full-layout'],
    ['/Quiz/', 'full-layout'],
    ['/Quiz/New', 'full-layout'],
    ['/Quiz/z1/Edit', 'full-layout'],
    ['/Quiz/z1/Invite', 'full-layout'],
    ['/token', 'unguarded'],
  ])('%s is %s', (path, expected) => {
    expect(classOf(path)).toBe(expected);
  });

  it('gives each screen its own route', () => {
    expect(leafOf('/')).toBe('(index)');
    expect(leafOf('/Projects/p1/start')).toBe('Projects/:projectId/start');
    expect(leafOf('/Projects/p1/welcome')).toBe('Projects/:projectId/welcome');
    expect(leafOf('/Projects/p1/q1/x/y')).toBe('Projects/:projectId/:questionId/*');
    expect(leafOf('/Projects/Create')).toBe('Projects/Create');
    expect(leafOf('/Quiz/New')).toBe('Quiz/New');
    expect(leafOf('/login/acme')).toBe('login/:customerName');
    // The Welcome page's Start and Live demo are routes of their own, not the catch-all (issue 29).
    expect(leafOf('/create')).toBe('create');
    expect(leafOf('/demo')).toBe('demo');
  });

  it('sends unknown paths home', () => {
    expect(leafOf('/no/such/page')).toBe('*');
  });
});

describe('routing after authentication', () => {
  it('decides by account status', () => {
    expect(destinationForStatus('USER_NOT_REGISTERED', 'ada@example.com')).toBe(
      '/Signup/Complete?email=ada%40example.com',
    );
    expect(destinationForStatus('USER_HAS_INVITATIONS', 'a@b.co')).toBe('/Signup/Account');
    expect(destinationForStatus('USER_HAS_NO_INVITATIONS', 'a@b.co')).toBe('/Signup/Teams');
    expect(destinationForStatus('USER_ACCOUNT_READY', 'a@b.co')).toBeNull();
    expect(completeRegistrationPath(null)).toBe('/Signup/Complete?email=');
  });

  it('only returns to paths inside the app', () => {
    expect(safeReturnPath('/Projects/p1')).toBe('/Projects/p1');
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('/login')).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });
});
