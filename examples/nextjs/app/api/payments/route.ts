// A route handler: GET /api/payments?token=<security token address> answers that token's manager
// payments as JSON, read through the same helper as the page (lib/api.ts), so in a test it reads
// the test's session too.
import { type NextRequest, NextResponse } from 'next/server'
import { ApiError, getJson, listManagerPayments, type SecurityToken } from '@/lib/api'

export async function GET(request: NextRequest) {
  const address = request.nextUrl.searchParams.get('token')
  if (!address) return NextResponse.json({ message: 'token=<security token address> is required' }, { status: 400 })
  try {
    const [token] = await getJson<SecurityToken[]>(`/securityToken?contractAddress=${encodeURIComponent(address)}`)
    if (token === undefined) return NextResponse.json({ message: `no security token at ${address}` }, { status: 404 })
    return NextResponse.json(await listManagerPayments(token))
  } catch (error) {
    if (!(error instanceof ApiError)) throw error
    return NextResponse.json({ message: error.message }, { status: error.status })
  }
}
