/**
 * Under a language's input: each invisible character of its text, named with the word it
 * follows ("U+200B zero-width space after “Spiel”"), since the input cannot show it, and one
 * button that applies `fixInvisible` as an ordinary patch of the field. Characters
 * with a use (a joiner inside an emoji) are not listed: the fix keeps them.
 */
import { Button, Card, Flex, Stack, Text } from '@sanity/ui';
import { useMemo } from 'react';
import { useTranslation } from 'sanity';
import {
  characterLabel,
  fixInvisible,
  invisibleCharacters,
  wordBefore,
} from '../schemas/invisible';
import { EDITOR_NAMESPACE } from './editor-i18n';

export function InvisibleCharacters({
  value,
  onFix,
}: {
  value: unknown;
  onFix: (fixed: string) => void;
}) {
  const { t } = useTranslation(EDITOR_NAMESPACE);
  const found = useMemo(
    () => (typeof value === 'string' ? invisibleCharacters(value) : []),
    [value],
  );
  if (typeof value !== 'string' || found.length === 0) return null;
  return (
    <Card tone="caution" padding={3} radius={2} border data-testid="invisible-characters">
      <Flex gap={3} align="center" justify="space-between" wrap="wrap">
        <Stack gap={2} as="ul">
          {found.map(({ char, index }) => {
            const character = characterLabel(char);
            const word = wordBefore(value, index);
            return (
              <Text key={index} as="li" size={1}>
                {word === undefined
                  ? t('invisible.at-start', { character })
                  : t('invisible.after', { character, word })}
              </Text>
            );
          })}
        </Stack>
        <Button
          mode="ghost"
          padding={2}
          fontSize={1}
          text={t('invisible.fix')}
          onClick={() => onFix(fixInvisible(value))}
          data-testid="remove-invisible"
        />
      </Flex>
    </Card>
  );
}
