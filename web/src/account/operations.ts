import { graphql } from '../../generated/gql';

export const LOGIN = graphql(`
  mutation Login($email: String!, $password: String!) {
    login(email: $email, password: $password) {
      token
      user {
        id
        name
        lastName
        lastName2
        role
        isAdmin
        isImpersonalizator
        language
      }
    }
  }
`);

export const LOGOUT = graphql(`
  mutation Logout {
    logout
  }
`);

export const CHANGE_LANGUAGE = graphql(`
  mutation ChangeLanguage($language: Language!) {
    changeLanguage(language: $language)
  }
`);

export const REGISTER = graphql(`
  mutation Register($input: RegistrationInput!, $captchaToken: String) {
    register(input: $input, captchaToken: $captchaToken)
  }
`);

export const REGISTRATION_CAPTCHA = graphql(`
  query RegistrationCaptcha {
    registrationCaptcha {
      provider
      siteKey
    }
  }
`);

export const CONFIRM_ACCOUNT = graphql(`
  mutation ConfirmAccount($link: String!) {
    confirmAccount(link: $link)
  }
`);

export const REQUEST_PASSWORD_RESET = graphql(`
  mutation RequestPasswordReset($email: String!, $locale: Language) {
    requestPasswordReset(email: $email, locale: $locale)
  }
`);

export const RESET_PASSWORD = graphql(`
  mutation ResetPassword($token: String!, $password: String!, $passwordConfirm: String) {
    resetPassword(token: $token, password: $password, passwordConfirm: $passwordConfirm)
  }
`);

/** The person and contact fields an account form edits (one's own profile, an administrator's user edit). */
export const USER_PERSON_FIELDS = graphql(`
  fragment UserPersonFields on User {
    email
    userType
    merchantName
    name
    lastName
    lastName2
    phoneList {
      ...PhoneFields
    }
    province
    canton
    district
    language
  }
`);

export const MY_PROFILE = graphql(`
  query MyProfile {
    me {
      id
      ...UserPersonFields
    }
  }
`);

export const UPDATE_MY_PROFILE = graphql(`
  mutation UpdateMyProfile($input: ProfileInput!) {
    updateMyProfile(input: $input) {
      id
      ...UserPersonFields
    }
  }
`);
