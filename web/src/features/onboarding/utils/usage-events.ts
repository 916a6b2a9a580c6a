/** Usage events of the onboarding screens (spec 000 §7.1), recorded with lib/activity's trackEvent. */
export const USAGE_EVENTS = {
  registrationComplete: 'REGISTRATION_COMPLETE',
  invitationAccept: 'INVITATION_ACCEPT',
  invitationDecline: 'INVITATION_DECLINE',
  createTeam: 'REGISTRATION_CREATE_TEAM',
} as const;
