import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { newslettersPath, templatesPath } from '../../../shared/app-paths';

/** 'Newsletters' and 'Templates': the two lists of a channel, side by side (spec 1 §2). */
export function LetterListTabs(props: { active: 'newsletters' | 'templates'; brandSlug: string; channelSlug: string }) {
  const { active, brandSlug, channelSlug } = props;
  const navigate = useNavigate();
  return (
    <Tabs
      value={active}
      onChange={(value) => {
        if (value === 'newsletters') navigate(newslettersPath(brandSlug, channelSlug));
        if (value === 'templates') navigate(templatesPath(brandSlug, channelSlug));
      }}
    >
      <Tabs.List aria-label="Letter lists">
        <Tabs.Tab value="newsletters">Newsletters</Tabs.Tab>
        <Tabs.Tab value="templates">Templates</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}
