import { lazy } from "react";

/** Every page but the landing page loads on demand, keeping the first bundle small. */
export const SignInPage = lazy(() => import("./features/auth/sign-in-page"));
export const SignOutPage = lazy(() => import("./features/auth/sign-out-page"));
export const ForgotPasswordPage = lazy(() => import("./features/auth/forgot-password-page"));
export const ResetPasswordPage = lazy(() => import("./features/auth/reset-password-page"));
export const SetupPage = lazy(() => import("./features/setup/setup-page"));
export const HomePage = lazy(() => import("./features/home/home-page"));
export const RequestPage = lazy(() => import("./features/request/request-page"));
export const SplitPage = lazy(() => import("./features/splits/split-page"));
export const ContactsPage = lazy(() => import("./features/payees/contacts-page"));
export const ArchivePage = lazy(() => import("./features/archive/archive-page"));
export const PaymentMethodsPage = lazy(() => import("./features/payment-accounts/payment-methods-page"));
export const ProfilePage = lazy(() => import("./features/profile/profile-page"));
export const PhotoPage = lazy(() => import("./features/photos/photo-page"));
export const NotFoundPage = lazy(() => import("./features/not-found/not-found-page"));
