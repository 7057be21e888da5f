export interface SmsMessage {
  to: string;
  body: string;
}

export interface SmsSender {
  sendSms(message: SmsMessage): Promise<void>;
}

export interface HttpSmsConfig {
  /** Twilio's API or anything that speaks its Messages call (`SMS_BASE_URL`). */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  from: string;
}

/** SMS through a Twilio-style HTTP API: POST /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, basic auth. */
export class HttpSmsSender implements SmsSender {
  constructor(
    private readonly config: HttpSmsConfig,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async sendSms(message: SmsMessage): Promise<void> {
    const { baseUrl, accountSid, authToken, from } = this.config;
    const url = new URL(`/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, baseUrl);
    const response = await this.fetchImpl(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: message.to, From: from, Body: message.body }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS provider answered ${response.status}`);
  }
}
