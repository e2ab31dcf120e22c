/**
 * A small app on the Debt Token and Security Token Service: lists the security tokens, creates a
 * manager payment for one of them and lists that token's payments. It calls the API at the URL
 * given as `?api=` (what a real app would take from its build configuration).
 */
const api = new URLSearchParams(location.search).get('api') ?? 'https://api.example.test'
const headers = { authorization: 'Bearer demo-app', 'content-type': 'application/json' }

const tokenList = document.querySelector('#tokens')
const form = document.querySelector('#payment')
const tokenSelect = form.elements.namedItem('token')
const errorLine = document.querySelector('#error')
const paymentRows = document.querySelector('#payments tbody')
/** The tokens by contract address, as the API listed them. */
const tokens = new Map()

async function call(method, path, body) {
  const response = await fetch(`${api}${path}`, {
    method,
    headers,
    ...(body !== undefined && { body: JSON.stringify(body) }),
  })
  const json = await response.json()
  if (!response.ok) throw new Error(json.message ?? `${method} ${path} answered ${response.status}`)
  return json
}

function element(tag, text, attributes = {}) {
  const node = document.createElement(tag)
  node.textContent = text
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  return node
}

async function showTokens() {
  for (const token of await call('GET', '/securityToken')) {
    tokens.set(token.contractAddress, token)
    const item = element('li', `${token.tokenName} (${token.symbol})`, { 'data-address': token.contractAddress })
    if (token.expired) item.append(' ', element('strong', 'expired'))
    tokenList.append(item)
    tokenSelect.append(element('option', token.tokenName, { value: token.contractAddress }))
  }
}

async function showPayments() {
  const token = tokens.get(tokenSelect.value)
  const payments = await call('GET', `/manager/${token.managerAddress}/${token.contractAddress}`)
  paymentRows.replaceChildren(
    ...payments.map((payment) => {
      const row = document.createElement('tr')
      row.append(
        element('td', String(payment.id)),
        element('td', String(payment.amount ?? '')),
        element('td', payment.serie ?? ''),
        element('td', payment.status),
      )
      return row
    }),
  )
}

form.addEventListener('submit', async (event) => {
  event.preventDefault()
  errorLine.textContent = ''
  const token = tokens.get(tokenSelect.value)
  const fields = new FormData(form)
  try {
    await call('POST', '/manager', {
      managerAddress: token.managerAddress,
      tokenAddress: token.contractAddress,
      amount: Number(fields.get('amount')),
      serie: fields.get('serie'),
      type: 'JUROS',
    })
    await showPayments()
  } catch (error) {
    errorLine.textContent = error.message
  }
})
tokenSelect.addEventListener('change', () => showPayments().catch((error) => (errorLine.textContent = error.message)))

showTokens()
  .then(showPayments)
  .then(() => document.body.setAttribute('data-ready', ''))
  .catch((error) => {
    errorLine.textContent = error.message
  })
