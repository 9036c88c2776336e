import { AudienceSection } from '../sections/audience-section';
import { FaqSection } from '../sections/faq-section';
import { IncludedSection } from '../sections/included-section';
import { InstructorSection } from '../sections/instructor-section';
import { LearnSection } from '../sections/learn-section';
import { PlatformIntro } from '../sections/platform-intro';
import { WhySection } from '../sections/why-section';
import '../styles/sections.css';

/** SPEC §1 order after the hero and statistics. */
export default function HomeSections() {
  return (
    <>
      <LearnSection />
      <WhySection />
      <AudienceSection />
      <IncludedSection />
      <InstructorSection />
      <FaqSection />
      <PlatformIntro />
    </>
  );
}
