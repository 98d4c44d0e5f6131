/**
 * Every text a user sees that the spec or the server fixes, written once.
 * The web app and the server import these; no message string is typed twice.
 */
export const MSG = {
  // Spec §5 and §8, word for word (typos included).
  fillAllFields: 'Please fill all the fields',
  passwordTooShort: 'Password must be atleast 8 characters long',
  somethingWentWrong: 'Something went wrong!',
  contactSent: 'Your message was sent, thank you!',
  contactFailed: 'Oops, something went wrong. Please try again later.',
  paymentError: 'An Error occured with your payment ',
  noStudios: 'No Studios Found',
  loading: 'Loading...',
  noPhotos: "You don't have any photos added yet",
  noVideos: "You don't have any video added yet",
  noAudios: "You don't have any audio added yet",
  notSubscribed: 'You have not subscribed yet!!',
  alreadyPurchased: 'Already Purchased',
  downloadHeading: 'Download our app now!',
  contactHeading: "Let's talk about everything!",

  // Studios and contact (our own wording).
  studioNotFound: 'This studio was not found. It may have been removed.',
  invalidCursor: 'This page link is not valid. Please reload the list.',
  invalidPageLimit: 'The page size must be a whole number from 1 to 100.',

  // Server answers (our own wording; the spec leaves them open).
  codeSent: 'A verification code was sent to your e-mail.',
  invalidBody: 'The request body is not valid JSON.',
  invalidForm: 'The form data is malformed.',
  bodyTooLarge: 'The request is too large.',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Phone No. must contain digits only',
  otpFormat: 'The verification code has exactly 4 digits',
  otpWrong: 'That verification code is not right. Please try again.',
  otpExpired: 'This verification code has expired. Please sign up again to get a new one.',
  otpTooManyTries: 'Too many wrong codes. Please sign up again to get a new one.',
  otpResendTooSoon: 'A code was sent less than a minute ago. Please wait before asking for another.',
  mailFailed: 'We could not send the verification e-mail. Please try again later.',
  wrongCredentials: 'Invalid email or password',
  tooManyRequests: 'Too many requests. Please try again later.',
  unauthorized: 'Please log in to continue.',
  notFound: 'Not found.',
  serverError: 'Something went wrong on our side. Please try again later.',
  unavailable: 'The service is temporarily unavailable. Please try again shortly.',
  // Payments (our own wording).
  unknownPlan: 'Please choose one of the plans: Platinum, Gold or Silver.',
  orderNotFound: 'This payment order was not found.',
  paymentDeclined: 'The payment was declined. No money was taken; please try another payment method.',
  paymentPending: 'The payment is pending at PayPal. Your subscription starts as soon as PayPal completes it.',
  paymentMismatch: 'The payment could not be verified, so the subscription was not changed. Please contact us.',
  paymentProviderDown: 'The payment service could not be reached. No subscription was recorded; please try again.',
  paymentNotCompleted: 'The payment was not completed at PayPal. Please try again.',
  paymentNotCaptured: 'No completed payment was found for this subscription.',
  paymentConfirmed: 'The payment was received and the subscription is active.',
  webhookRejected: 'The webhook signature could not be verified.',
  paymentScriptFailed: 'The PayPal script failed to load. Please check your connection and try again.',
  paymentButtonsFailed: 'The PayPal buttons failed to render. Please try again later.',
  demoCheckout: 'Demo checkout — no money moves',
  demoNotice: 'This is a demo: payments are simulated and no money moves.',
  // Storage and media (our own wording).
  fileMissing: 'Please choose a file to upload.',
  fileTooLarge: (label: string, mb: number) => `This ${label} is too large. The limit is ${mb} MB.`,
  fileTypeRefused: (label: string, accepted: string) => `This file is not a supported ${label}. Accepted: ${accepted}.`,
  imageUnreadable: 'This image could not be read. Please choose another file.',
  quotaExceeded: (gb: number) => `Your media storage is full (${gb} GB). Remove some photos, videos or audios to add new ones.`,
  fileNotYours: 'This file was not uploaded to your account. Please upload it again.',
  mediaTypeInvalid: "Media type must be 'photos', 'videos' or 'audios'",
  mediaNotInList: 'This item is not in your media.',
  uploadFailed: 'The upload failed. Please try again.',
  removeFailed: 'The item could not be removed. Please try again.',
  uploading: (percent: number) => `Uploading… ${percent}%`,
  confirmRemove: (what: string) => `Remove this ${what}? This cannot be undone.`,
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters long`,
  required: (field: string) => `${field} is required`,
} as const;

/** Builds the spec's plan-specific texts. */
export const planTexts = {
  youHave: (plan: string) => `You have ${plan} subscription`,
  go: (plan: string) => `Go ${plan}`,
};
