import { createHttpHandler } from '../../platform/create-http-handler';

/** `GET /api/session`: who is signed in, or `{ loggedIn: false }`. */
export const handler = createHttpHandler('getSession', ({ session }) => {
  if (!session) return { body: { loggedIn: false } };
  const { user, needsVerification } = session;
  return {
    body: {
      loggedIn: true,
      user: {
        id: user.id,
        displayName: user.displayName,
        name: user.name,
        email: user.email,
        avatar: user.avatar,
        plan: user.plan,
        downgraded: user.downgraded,
      },
      needsVerification,
    },
  };
});
