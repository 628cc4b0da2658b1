/** The shared form pieces (phone and SMS code fields, password checks): English. Loaded with the page messages. */
export default {
  form: {
    getCode: 'Get code',
    resendIn: 'Resend in {{seconds}} s',
    codeSent: 'Code sent',
    humanCheck: {
      title: 'Human check',
      why: 'Many codes were asked for from this network or device lately: please complete the human check first',
      start: 'Verify',
      solving: 'Verifying…',
      failed: 'The check did not pass. Please try again',
    },
    field: {
      phone: 'Phone number',
      phonePlaceholder: 'Enter your phone number',
      code: 'Verification code',
      codePlaceholder: 'Enter the 6-digit code',
      newPassword: 'New password',
      newPasswordPlaceholder: '6 to 21 characters',
      confirmPassword: 'Confirm password',
      confirmPasswordPlaceholder: 'Enter the new password again',
    },
    error: {
      phoneRequired: 'Enter your phone number',
      phoneInvalid: 'Enter a valid phone number',
      codeRequired: 'Enter the verification code',
      codeInvalid: 'The code has 6 digits',
      passwordRequired: 'Enter your password',
      passwordInvalid: 'The password must be 6 to 21 characters',
      confirmMismatch: 'The passwords do not match',
    },
  },
};
