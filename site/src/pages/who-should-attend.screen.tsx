import { CtaBand } from '../components/cta-band';
import { AudienceSection } from '../sections/audience-section';
import { FaqSection } from '../sections/faq-section';
import '../styles/sections.css';

export default function WhoShouldAttendScreen() {
  return (
    <>
      <div className="page-top" />
      <AudienceSection headingLevel={1} />
      <FaqSection />
      <CtaBand title="Sounds like you? Save your seat." />
    </>
  );
}
