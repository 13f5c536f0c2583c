export { SessionArea, type SessionAreaProps } from "./SessionArea";
export { SignInScreen, type SignInScreenProps } from "./SignInScreen";
export { SessionHeader, type SessionHeaderProps } from "./SessionHeader";
export { SettingsScreen, type SettingsScreenProps } from "./SettingsScreen";
