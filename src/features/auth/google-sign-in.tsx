/**
 * The Sign in with Google button (@react-oauth/google), loaded only on the sign-in screens. Without a client id from
 * `GET v2/config`, or when Google's script cannot be reached (offline, blocked network), it shows a clear message
 * instead of a broken button; the email and password form stays usable either way.
 */
import { Box, Text } from '@chakra-ui/react';
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface GoogleSignInProps {
  clientId: string | null;
  /** Called with the ID token Google issued. */
  onCredential: (idToken: string, clientId: string) => void;
}

/** The button, or the reason there is none. */
export default function GoogleSignIn({ clientId, onCredential }: GoogleSignInProps) {
  const { t } = useTranslation('auth');
  const [state, setState] = useState<'loading' | 'ready' | 'unreachable' | 'failed'>('loading');
  if (!clientId) {
    return (
      <Text color="fg.muted" fontSize="sm" role="note">
        {t('googleNotConfigured')}
      </Text>
    );
  }
  return (
    <Box minH="10">
      <GoogleOAuthProvider
        clientId={clientId}
        onScriptLoadSuccess={() => setState('ready')}
        onScriptLoadError={() => setState('unreachable')}
      >
        {state === 'unreachable' ? (
          <Text color="fg.muted" fontSize="sm" role="note">
            {t('googleUnreachable')}
          </Text>
        ) : (
          <GoogleLogin
            onSuccess={(response) => response.credential && onCredential(response.credential, clientId)}
            onError={() => setState('failed')}
            text="signin_with"
            width="320"
          />
        )}
        {state === 'failed' && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {t('googleFailed')}
          </Text>
        )}
      </GoogleOAuthProvider>
    </Box>
  );
}
