import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Row from 'react-bootstrap/Row';
import { REMOTE_SUPPORT_TOOLS } from '../../../../shared/business.ts';
import { appConfig, telHref } from '../../../lib/app-config.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';

export function RemoteSupportPage() {
  usePageTitle('Remote support');
  return (
    <Container className="py-5 content-page">
      <h1>Remote support</h1>
      <p className="lead">
        Many problems can be fixed without a visit. At your appointment time we call you, you open one of the free tools below, and you read
        us a one-time code. You see everything we do on your screen, and you can end the session at any moment.
      </p>
      <Row xs={1} md={2} className="g-4">
        {REMOTE_SUPPORT_TOOLS.map((tool) => (
          <Col key={tool.name}>
            <Card className="h-100">
              <Card.Body>
                <h2 className="h4 card-title">{tool.name}</h2>
                <p className="text-body-secondary mb-2">{tool.platforms}</p>
                <Card.Text>{tool.text}</Card.Text>
                <a className="btn btn-primary" href={tool.url} target="_blank" rel="noopener noreferrer">
                  Open {tool.name}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <h2 className="h4 mt-5">Is it safe?</h2>
      <p>
        Only share a code with us during an appointment you booked, and only when we have called you. We will never call you out of the blue
        and ask for remote access: anyone who does is a scammer.
      </p>
      <p className="mb-0">
        Questions? Call <a href={telHref(appConfig.supportPhone)}>{appConfig.supportPhone}</a> or write to{' '}
        <a href={`mailto:${appConfig.supportEmail}`}>{appConfig.supportEmail}</a>.
      </p>
    </Container>
  );
}
