import { lazy } from "react";

/** Every page but the landing page loads on demand, keeping the first bundle small. */
export const SignInPage = lazy(() => import("#client/screens/sign-in/sign-in-page.tsx"));
export const SignOutPage = lazy(() => import("#client/screens/sign-out/sign-out-page.tsx"));
export const ForgotPasswordPage = lazy(
  () => import("#client/screens/forgot-password/forgot-password-page.tsx"),
);
export const ResetPasswordPage = lazy(() => import("#client/screens/reset-password/reset-password-page.tsx"));
export const SetupPage = lazy(() => import("#client/screens/setup/setup-page.tsx"));
export const HomePage = lazy(() => import("#client/screens/home/home-page.tsx"));
export const RequestPage = lazy(() => import("#client/screens/request/request-page.tsx"));
export const SplitPage = lazy(() => import("#client/screens/split/split-page.tsx"));
export const BalancePage = lazy(() => import("#client/screens/balance/balance-page.tsx"));
export const ContactsPage = lazy(() => import("#client/screens/contacts/contacts-page.tsx"));
export const RecurringPage = lazy(() => import("#client/screens/recurring/recurring-page.tsx"));
export const ArchivePage = lazy(() => import("#client/screens/archive/archive-page.tsx"));
export const PaymentMethodsPage = lazy(
  () => import("#client/screens/payment-methods/payment-methods-page.tsx"),
);
export const ProfilePage = lazy(() => import("#client/screens/profile/profile-page.tsx"));
export const PhotoPage = lazy(() => import("#client/screens/photo/photo-page.tsx"));
export const NotFoundPage = lazy(() => import("#client/screens/not-found/not-found-page.tsx"));
