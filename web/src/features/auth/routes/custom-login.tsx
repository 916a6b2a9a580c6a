import { Navigate } from 'react-router-dom';

/**
 * /login/:customerName: sign-in through the customer's single sign-on provider. The alias lookup
 * route is not in shared/routes.ts yet, so every alias is unknown, and an unknown alias replaces the
 * route with the login route (spec 000 §2.4).
 */
export default function CustomLoginRoute() {
  return <Navigate to="/login" replace />;
}
