/** An unmatched path shows '404: Not Found', then goes to / (the specification's rule). */
import { Center, Heading } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export const NOT_FOUND_REDIRECT_MS = 2500;

/** The 404 page. */
export default function NotFound() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/', { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <Center minH="100dvh">
      <Heading as="h1" size="2xl">
        {t('notFound')}
      </Heading>
    </Center>
  );
}
