/** A settings form's foot: its Save button for those who may change it, else a line saying they may not. */
import { Button, Text } from '@chakra-ui/react';

export interface SaveOrReadOnlyProps {
  canEdit: boolean;
  saving: boolean;
  saveText: string;
  readOnlyText: string;
}

export function SaveOrReadOnly({ canEdit, saving, saveText, readOnlyText }: SaveOrReadOnlyProps) {
  return canEdit ? (
    <Button type="submit" alignSelf="flex-start" colorPalette="primary" loading={saving}>
      {saveText}
    </Button>
  ) : (
    <Text fontSize="sm" color="fg.muted">
      {readOnlyText}
    </Text>
  );
}
